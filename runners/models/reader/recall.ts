/**
 * Recalling instead of abstaining. When the request registers the `memory` tool and nothing visible
 * answers a question, the reader asks memory for an old tool output the engine no longer repeats: the
 * one whose visible traces (its reference's arguments and edge lines, fact lines and summary sentences
 * that name its entry) share the most words with the question. Once the recalled text is in, it answers
 * from everything visible or recalls the next candidate, within a small bound, and then abstains.
 */
import type { Message } from '../../../engine/index.js';
import { isQuestion } from './acts.js';
import { ABSTENTION, answerQuestion } from './answer.js';
import { remembered, type ReaderContext } from './context.js';
import { exchangesAfter, latestUserIndex, stringArgument } from './message-views.js';
import type { Act, ToolExchange } from './message-views.js';
import { questionKey } from './match.js';
import { isErrorOutput, stripLineNumber } from './outputs.js';
import { contentStems, sentences } from './text.js';

/** The name of the tool that reads old outputs back. */
export const MEMORY_TOOL = 'memory';

/** Recalls (pages included) the reader makes for one question in one turn before it abstains. */
export const MAX_RECALLS = 3;

/** Further pages of one recalled output the reader asks for in one turn. */
export const MAX_RECALL_PAGES = 1;

/** A reference's header: `[output of entry 7 not repeated: read_file at …]`. */
const REFERENCE_HEADER = /^\[output of entry (\d+) not repeated:(?: (\S+) at\b)?/;

/** A recalled output's note that there is more: `[more: memory "recall entry 7 from line 101"]`. */
const MORE_HINT = /^\[more: memory "([^"\n]+)"\]\s*$/m;

/**
 * A mention of entries in a fact line or a summary: `entry 4`, `entries 4, 9`, `entries 4 and 9`. A
 * marker of the engine's own reference text: "entry" is its name for what its store holds, and the
 * numbers are its ids, which a fact line's source note and the summary repeat.
 */
const ENTRY_MENTION = /\bentr(?:y|ies)\s+(\d+(?:\s*(?:,|and)\s*\d+)*)/gi;

/** A recall request naming an entry: `recall entry 7`, `recall entry 7 from line 101`. */
const RECALL_REQUEST = /^recall entry (\d+)\b/;

/** A fact line's source note: `— from tool read_file, turn 2, entry 4`. */
const SOURCE_NOTE = /\s+—\s+from\s.*$/;

/** An old output the reader could recall, with the visible text that says what it held. */
export interface RecallCandidate {
  entry: number;
  /** The texts that speak of the entry: reference lines, fact lines, summary sentences. */
  texts: string[];
}

/** The recall request for an entry, as the memory tool takes it. */
export function recallRequest(entry: number): string {
  return `recall entry ${entry}`;
}

function recallCall(request: string): Act['toolCalls'][number] {
  return { tool: MEMORY_TOOL, arguments: { request } };
}

/** The string values of a reference's `arguments:` JSON, which may have been shortened past parsing. */
function argumentValues(json: string): string {
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed !== null && typeof parsed === 'object') {
      return Object.values(parsed)
        .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
        .join(' ');
    }
  } catch {
    // Shortened JSON: drop the keys and keep the rest.
  }
  return json.replace(/"[^"\n]*"\s*:/g, ' ');
}

/** The parts of a reference that say what its output held: arguments, first and last line. */
function referenceParts(content: string): { args: string; edges: string[] } {
  let args = '';
  const edges: string[] = [];
  for (const line of content.split('\n').slice(1)) {
    const labelled = /^(arguments|first line|last line):\s?(.*)$/.exec(line);
    if (labelled?.[2] === undefined) continue;
    if (labelled[1] === 'arguments') args = argumentValues(labelled[2]);
    else edges.push(labelled[2]);
  }
  return { args, edges };
}

/**
 * The entry a reference offers and what it says of it. A reference to an earlier recall offers the
 * entry that recall asked for (recalling the recall would only nest its page in another); one to
 * a recall of anything else offers nothing.
 */
function fromReference(content: string): { entry: number; text: string } | undefined {
  const header = REFERENCE_HEADER.exec(content);
  if (header?.[1] === undefined) return undefined;
  const { args, edges } = referenceParts(content);
  if (header[2] !== MEMORY_TOOL) return { entry: Number(header[1]), text: [args, ...edges].join('\n') };
  const asked = RECALL_REQUEST.exec(args.trim())?.[1];
  // Its edge lines are the recall's page: its title says nothing of the output, its lines do.
  const text = edges
    .map((edge) => stripLineNumber(recalledText(edge)))
    .filter((edge) => edge.trim() !== '')
    .join('\n');
  return asked === undefined ? undefined : { entry: Number(asked), text };
}

/** The entry numbers a text mentions, in order. */
export function mentionedEntries(text: string): number[] {
  const entries: number[] = [];
  for (const match of text.matchAll(ENTRY_MENTION)) {
    for (const number of (match[1] ?? '').match(/\d+/g) ?? []) entries.push(Number(number));
  }
  return entries;
}

/** The entries a non-tool message names, each with the fact line or sentence that names it. */
function mentionsIn(content: string): { entry: number; text: string }[] {
  const found: { entry: number; text: string }[] = [];
  for (const line of content.split('\n')) {
    const trimmed = line.trim();
    if (/^[-*+]\s/.test(trimmed) && SOURCE_NOTE.test(trimmed)) {
      // A fact line: its entries are in the source note; what it says is the rest of the line.
      const text = trimmed.replace(SOURCE_NOTE, '');
      for (const entry of mentionedEntries(trimmed)) found.push({ entry, text });
      continue;
    }
    for (const sentence of sentences(trimmed)) {
      for (const entry of mentionedEntries(sentence)) found.push({ entry, text: sentence });
    }
  }
  return found;
}

/**
 * The entries the visible messages offer for recall: every reference the engine sent in place of an
 * old output, and every entry a fact line, the running summary or another message names.
 */
export function recallCandidates(messages: readonly Message[]): RecallCandidate[] {
  const byEntry = new Map<number, RecallCandidate>();
  const add = (entry: number, text: string) => {
    const candidate = byEntry.get(entry) ?? { entry, texts: [] };
    if (text.trim()) candidate.texts.push(text);
    byEntry.set(entry, candidate);
  };
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'tool') {
      // A tool's own output may say anything; only the engine's references count.
      const offered = fromReference(message.content);
      if (offered !== undefined) add(offered.entry, offered.text);
      continue;
    }
    for (const { entry, text } of mentionsIn(message.content)) add(entry, text);
  }
  return [...byEntry.values()];
}

/** The stems of a candidate's texts, path words split on `/`, `.`, `_` and `-`. */
function candidateStems(candidate: RecallCandidate): Set<string> {
  return new Set(candidate.texts.flatMap((text) => contentStems(text.replace(/[/._-]+/g, ' '))));
}

/** How many of the key's words a candidate's texts share. */
export function recallScore(key: readonly string[], candidate: RecallCandidate): number {
  const stems = candidateStems(candidate);
  return key.reduce((n, stem) => n + (stems.has(stem) ? 1 : 0), 0);
}

/**
 * The candidates in the order to recall them: the most overlap with the question first, the most
 * recent entry first among equals (so with no overlap at all, the most recent first).
 */
export function rankCandidates(question: string, candidates: readonly RecallCandidate[]): RecallCandidate[] {
  const key = questionKey(question);
  return candidates
    .map((candidate) => ({ candidate, score: recallScore(key, candidate) }))
    .sort((a, b) => b.score - a.score || b.candidate.entry - a.candidate.entry)
    .map((scored) => scored.candidate);
}

/** What a memory exchange asked for: its request, or failing that (its call out of view) its header. */
function requestOf(exchange: ToolExchange): string | undefined {
  const request = stringArgument(exchange.arguments, 'request');
  if (request !== undefined) return request.trim();
  const entry = /\bentry (\d+)\b/.exec(exchange.output.split('\n')[0] ?? '')?.[1];
  return entry === undefined ? undefined : recallRequest(Number(entry));
}

/** The memory exchanges of the turn that began at `promptIndex`. */
function recallsAfter(messages: readonly Message[], promptIndex: number): ToolExchange[] {
  return exchangesAfter(messages, promptIndex).filter((exchange) => exchange.tool === MEMORY_TOOL);
}

/** The entries the recalls of this turn asked for. */
function recalledEntries(recalls: readonly ToolExchange[]): Set<number> {
  const entries = new Set<number>();
  for (const recall of recalls) {
    const entry = RECALL_REQUEST.exec(requestOf(recall) ?? '')?.[1];
    if (entry !== undefined) entries.add(Number(entry));
  }
  return entries;
}

/** The next page the latest recall offers, when this turn has not paged yet. */
function nextPage(recalls: readonly ToolExchange[]): string | undefined {
  const asked = recalls.map(requestOf);
  const paged = asked.filter((request) => request !== undefined && / from line \d+/.test(request)).length;
  if (paged >= MAX_RECALL_PAGES) return undefined;
  const hint = MORE_HINT.exec(recalls.at(-1)?.output ?? '')?.[1];
  return hint === undefined || asked.includes(hint) ? undefined : hint;
}

/**
 * The next recall for the question at `promptIndex`, or undefined when the bound is reached or
 * nothing is left to recall: a page of the output just recalled when it says there is more, else the
 * best-ranked entry not yet recalled this turn.
 */
export function nextRecall(
  messages: readonly Message[],
  promptIndex: number,
): Act['toolCalls'][number] | undefined {
  const recalls = recallsAfter(messages, promptIndex);
  if (recalls.length >= MAX_RECALLS) return undefined;
  const page = nextPage(recalls);
  if (page !== undefined) return recallCall(page);
  const done = recalledEntries(recalls);
  const question = messages[promptIndex]?.content ?? '';
  const best = rankCandidates(question, recallCandidates(messages)).find((c) => !done.has(c.entry));
  return best === undefined ? undefined : recallCall(recallRequest(best.entry));
}

/**
 * A recalled page as the original text: memory numbers every line it shows (`12\t…`) and brackets its
 * title, section headers and trailer. The numbers go, leaving the text as the output was (a read_file
 * output keeps its own line numbers, so it still reads as a file), and the bracketed lines go.
 */
export function recalledText(content: string): string {
  const lines: string[] = [];
  for (const line of content.split('\n')) {
    const numbered = /^\s*\d+\t(.*)$/.exec(line);
    if (numbered?.[1] !== undefined) lines.push(numbered[1]);
    else if (!/^\s*\[.*\]\s*$/.test(line)) lines.push(line);
  }
  return lines.join('\n');
}

/**
 * The messages as the reader answers from them after recalling: each recall's text as the original
 * output was, a failed recall saying nothing. Indexes stay as they were.
 */
export function withRecalledText(messages: readonly Message[]): Message[] {
  return messages.map((message) => {
    if (message.role !== 'tool' || message.tool !== MEMORY_TOOL) return message;
    return { ...message, content: isErrorOutput(message.content) ? '' : recalledText(message.content) };
  });
}

/** True when the reader's act on a prompt is to abstain from answering. */
export function abstains(act: Act): boolean {
  return act.toolCalls.length === 0 && act.text === ABSTENTION;
}

/** Instead of abstaining on the prompt last in `messages`: a recall, or the abstention when none is left. */
export function recallInsteadOfAbstaining(messages: readonly Message[]): Act {
  const call = nextRecall(messages, messages.length - 1);
  return call === undefined ? { text: ABSTENTION, toolCalls: [] } : { text: '', toolCalls: [call] };
}

/**
 * The reader's act when the last message is the memory tool's result: the answer, now that the
 * recalled text is visible, or the next recall, or the abstention. Undefined when the turn's prompt is
 * not a question (the result is then described like any other tool's).
 */
export function actOnRecall(messages: readonly Message[], context?: ReaderContext): Act | undefined {
  const promptIndex = latestUserIndex(messages);
  const prompt = promptIndex >= 0 ? (messages[promptIndex]?.content ?? '') : '';
  if (!remembered(context, isQuestion, prompt)) return undefined;
  const answer = answerQuestion(withRecalledText(messages), promptIndex, context);
  if (answer !== ABSTENTION) return { text: answer, toolCalls: [] };
  const call = nextRecall(messages, promptIndex);
  return call === undefined ? { text: ABSTENTION, toolCalls: [] } : { text: '', toolCalls: [call] };
}
