/**
 * Whether evidence is in view in a request: which channels show a text matching one of its patterns
 * (the scenario format's patterns, `matchesPattern`). Pure functions of the messages and patterns.
 */
import type { Message } from '../../../engine/index.js';
import type { EvidenceChannel, ProbeEvidence } from '../../../records/run-record.js';
import { matchesPattern } from '../../../scenarios/pattern.js';
import { evidencePatterns, expectsAbstention, type Expectation } from '../../../scenarios/schema.js';
import { viewOf, type ViewPart } from './channels.js';

/** The channels, each once and in request order, of the parts that match one of `patterns`. */
export function channelsShowing(parts: readonly ViewPart[], patterns: readonly string[]): EvidenceChannel[] {
  const channels: EvidenceChannel[] = [];
  for (const part of parts) {
    if (channels.includes(part.channel)) continue;
    if (patterns.some((pattern) => matchesPattern(part.text, pattern))) channels.push(part.channel);
  }
  return channels;
}

/** Nothing to look for: the evidence of a never-given probe, or of a question never sent. */
export const NO_EVIDENCE: ProbeEvidence = {
  inView: false,
  atQuestion: false,
  channels: [],
  staleInView: false,
};

/**
 * A probe's evidence in the turn requests of its turn, each of which carries its question: the first,
 * then one per tool result the model asked for (a file it read, an entry it recalled). The question,
 * the request's last prompt, is left out, so that a question quoting its answer does not deliver it.
 * Channels and the stale flag are over all of them; `atQuestion` is the first request alone.
 */
export function probeEvidence(
  requests: readonly (readonly Message[])[],
  expect: Expectation,
  question: string,
): ProbeEvidence {
  if (expectsAbstention(expect) || requests.length === 0) return NO_EVIDENCE;
  const patterns = evidencePatterns(expect);
  const channels: EvidenceChannel[] = [];
  let atQuestion = false;
  let staleInView = false;
  requests.forEach((messages, index) => {
    const parts = withoutQuestion(messages, question);
    const shown = channelsShowing(parts, patterns);
    if (index === 0) atQuestion = shown.length > 0;
    for (const channel of shown) if (!channels.includes(channel)) channels.push(channel);
    staleInView ||= channelsShowing(parts, expect.none).length > 0;
  });
  return { inView: channels.length > 0, atQuestion, channels, staleInView };
}

/** The request's parts but its last prompt when that is the question. */
function withoutQuestion(messages: readonly Message[], question: string): ViewPart[] {
  const asked = messages.findLastIndex((m) => m.role === 'user');
  const own = messages[asked]?.content === question ? asked : -1;
  return viewOf(messages).filter((part) => part.message !== own);
}
