/**
 * What a distillation and a summary call ask for and how their answers are read: the JSON schemas
 * the guided calls carry, their token bounds, and the checks that take an answer's facts and summary
 * text, by hand so the engine stays free of the boundary schema library. Pure: nothing is recorded.
 */
import type { FactAssertion } from './fact-store.js';
import type { TurnText } from './facts-prompts.js';
import { AnswerError } from '../errors.js';

/** The most facts one distillation records; the schema and the prompt say the same. */
export const MAX_DISTILLED = 12;
/** The tokens a distillation's answer may take. */
export const DISTIL_TOKENS = 900;

/** The tokens a summary of `words` words may take: about seven bytes a word, doubled for room. */
export function summaryTokens(words: number): number {
  return Math.ceil((words * 7 * 2) / 4);
}

export const DISTIL_SCHEMA = {
  type: 'object',
  properties: {
    facts: {
      type: 'array',
      maxItems: MAX_DISTILLED,
      items: {
        type: 'object',
        properties: {
          subject: { type: 'string' },
          name: { type: 'string' },
          value: { type: 'string' },
          said: { type: 'string', enum: ['person', 'model'] },
        },
        required: ['subject', 'name', 'value', 'said'],
      },
    },
  },
  required: ['facts'],
};

export const FACTS_AND_SUMMARY_SCHEMA = {
  type: 'object',
  properties: { facts: DISTIL_SCHEMA.properties.facts, summary: { type: 'string' } },
  required: ['facts', 'summary'],
};

export const SUMMARY_SCHEMA = {
  type: 'object',
  properties: { summary: { type: 'string' } },
  required: ['summary'],
};

/** One fact of a distillation's answer, checked. `said` is who said it: `person`, or anything else. */
export interface DistilledFact {
  subject: string;
  name: string;
  value: string;
  said: string;
}

/**
 * The facts of an answer: at most the first 12 items, each with string fields, a subject in
 * `allowed` and a non-blank name and value; a later fact about the same subject and name (any case)
 * replaces an earlier one. Throws when the answer has no list of facts.
 */
export function readDistilled(value: unknown, allowed: ReadonlySet<string>): DistilledFact[] {
  const answer = (value as { facts?: unknown } | null)?.facts;
  if (!Array.isArray(answer)) throw new AnswerError('the answer has no list of facts');
  const latest = new Map<string, DistilledFact>();
  for (const item of answer.slice(0, MAX_DISTILLED) as Record<string, unknown>[]) {
    const { subject, name, value: v, said } = item;
    if (typeof subject !== 'string' || typeof name !== 'string' || typeof v !== 'string') continue;
    if (!allowed.has(subject) || v.trim() === '' || name.trim() === '') continue;
    latest.set(`${subject}\u0000${name.toLowerCase()}`, { subject, name, value: v, said: String(said) });
  }
  return [...latest.values()];
}

/** What the model asserts with a distilled fact: from the leaving turns' entries, in `turn`. */
export function distilledAssertion(
  fact: DistilledFact,
  leaving: readonly TurnText[],
  turn: number,
  recordedAt: number,
): FactAssertion {
  return {
    subject: fact.subject,
    name: fact.name,
    value: fact.value,
    source: {
      kind: 'model',
      method: 'distilled',
      detail: fact.said === 'person' ? 'the person said' : 'the model concluded',
    },
    entries: leaving.flatMap((t) => t.entries),
    turn,
    turns: { first: leaving[0]?.turn ?? turn, last: leaving.at(-1)?.turn ?? turn },
    recordedAt,
  };
}

/** The summary text of an answer; throws when it has none or it is blank. */
export function readSummary(value: unknown): string {
  const text = (value as { summary?: unknown } | null)?.summary;
  if (typeof text !== 'string' || text.trim() === '') throw new AnswerError('the answer has no summary');
  return text;
}
