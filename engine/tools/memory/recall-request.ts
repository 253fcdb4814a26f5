/**
 * A recall: what it names (an entry, a turn, the task, the summary, a subject's facts, an output) and
 * the filters that choose lines of it, read from the request's words and spelled back in canonical
 * form for the paging hint.
 */
import {
  RANGE,
  clauseLength,
  joined,
  numberOf,
  quoteWord,
  tokenize,
  word,
  type Token,
} from './request-words.js';

/** What a recall brings back. */
export type RecallTarget =
  | { kind: 'entry'; id: number }
  | { kind: 'turn'; turn: number }
  | { kind: 'task' }
  | { kind: 'summary' }
  | { kind: 'fact'; subject: string; name?: string }
  | { kind: 'output'; id: string };

/** Which lines of the recalled text to show: a range, a pattern within it, and where the page starts. */
export interface RecallFilters {
  pattern?: string;
  range?: { kind: 'lines'; first: number; last: number } | { kind: 'head' | 'tail'; count: number };
  /** The first line of the page, from 1. */
  from: number;
}

/** A recall read whole. */
export interface Recall {
  target: RecallTarget;
  filters: RecallFilters;
}

/** A recall that could not be read: what it named, and why. */
export interface RecallError {
  error: string;
  target: string;
}

/** The forms a recall's target takes, and its filters', as the tool's errors list them. */
export const RECALL_FORMS = 'entry N, turn N, task, summary, fact SUBJECT, output ID';
export const FILTER_FORMS = 'matching TEXT, lines A-B, head N, tail N, from line N';
/** The words that name what a recall brings back; a request may start with one and no verb. */
export const TARGET_WORDS: readonly string[] = ['entry', 'turn', 'task', 'summary', 'fact', 'output'];
// How many words follow each target word, where that is fixed.
const TARGET_SIZE: ReadonlyMap<string, number> = new Map([
  ['entry', 1],
  ['turn', 1],
  ['output', 1],
  ['task', 0],
  ['summary', 0],
]);

function readFilters(
  source: string,
  tokens: readonly Token[],
  start: number,
): RecallFilters | { error: string } {
  const filters: RecallFilters = { from: 1 };
  let i = start;
  while (i < tokens.length) {
    const length = clauseLength(tokens, i);
    const token = tokens[i];
    if (length === 0 || token === undefined) {
      return { error: `"${token?.text ?? ''}" is not a filter; the filters are ${FILTER_FORMS}` };
    }
    const keyword = word(token);
    const argument = tokens[i + length - 1]?.text ?? '';
    if (keyword === 'matching') {
      // The pattern runs to the next filter, so it may hold spaces.
      let end = i + 1;
      while (end < tokens.length && (end === i + 1 || clauseLength(tokens, end) === 0)) end += 1;
      if (filters.pattern !== undefined) return { error: 'a recall takes one matching filter' };
      filters.pattern = joined(source, tokens, i + 1, end);
      if (filters.pattern === '') return { error: 'matching needs some text to look for' };
      i = end;
      continue;
    }
    if (keyword === 'from') {
      const from = numberOf({ ...token, text: argument }) ?? 0;
      if (from < 1) return { error: 'from line counts from 1' };
      filters.from = from;
    } else {
      if (filters.range !== undefined) return { error: 'a recall takes one of lines A-B, head N and tail N' };
      if (keyword === 'lines' || keyword === 'line') {
        const match = RANGE.exec(argument);
        const first = Number(match?.[1] ?? 0);
        const last = match?.[2] === undefined ? first : Number(match[2]);
        if (first < 1 || last < first) return { error: `lines ${argument}: a range is A-B with 1 <= A <= B` };
        filters.range = { kind: 'lines', first, last };
      } else {
        const count = numberOf({ ...token, text: argument }) ?? 0;
        if (count < 1) return { error: `${keyword} takes a count of 1 or more` };
        filters.range = { kind: keyword === 'head' ? 'head' : 'tail', count };
      }
    }
    i += length;
  }
  return filters;
}

function readTarget(
  source: string,
  tokens: readonly Token[],
  end: number,
): RecallTarget | { error: string; target: string } {
  const kind = word(tokens[0]) ?? '';
  const args = end - 1;
  const argument = tokens[1];
  const named = joined(source, tokens, 0, end);
  const fail = (error: string): { error: string; target: string } => ({ error, target: named });
  switch (kind) {
    case 'entry': {
      const id = numberOf(argument);
      if (args !== 1 || id === undefined || id < 1)
        return fail('recall entry takes an entry number, as in "recall entry 7"');
      return { kind, id };
    }
    case 'turn': {
      const turn = numberOf(argument);
      if (args !== 1 || turn === undefined)
        return fail('recall turn takes a turn number, as in "recall turn 3"');
      return { kind, turn };
    }
    case 'task':
    case 'summary':
      return { kind };
    case 'fact': {
      if (argument === undefined) return fail('recall fact takes a subject, as in "recall fact decision"');
      const subject = argument.text.toLowerCase();
      return args === 1 ? { kind, subject } : { kind, subject, name: joined(source, tokens, 2, end) };
    }
    case 'output':
      if (args !== 1 || argument === undefined)
        return fail('recall output takes the id its held-back note names, as in "recall output 3f9a2c1b"');
      return { kind, id: argument.text };
    default:
      return fail(`recall takes one of ${RECALL_FORMS}; "${tokens[0]?.text ?? ''}" is none of them`);
  }
}

/** A recall's target and filters, read from `source` after its verb (at `offset`). */
export function readRecall(source: string, offset: number): Recall | RecallError {
  const tokens = tokenize(source.slice(offset), offset);
  if (tokens.length === 0) return { target: '', error: `recall takes one of ${RECALL_FORMS}` };
  // The target's words run to the first filter; a target of fixed size stops there, so a word past
  // it is reported as the filter it is not.
  const size = TARGET_SIZE.get(word(tokens[0]) ?? '');
  let end = 1;
  while (end < tokens.length && clauseLength(tokens, end) === 0) end += 1;
  if (size !== undefined && end > 1 + size && tokens.length > 1 + size) end = 1 + size;
  const target = readTarget(source, tokens, end);
  if ('error' in target) return target;
  const filters = readFilters(source, tokens, end);
  if ('error' in filters) return { target: targetText(target), error: filters.error };
  return { target, filters };
}

/** The target as the request names it: `entry 7`, `fact decision`, `output 3f9a2c1b`. */
export function targetText(target: RecallTarget): string {
  switch (target.kind) {
    case 'entry':
      return `entry ${target.id}`;
    case 'turn':
      return `turn ${target.turn}`;
    case 'task':
    case 'summary':
      return target.kind;
    case 'fact':
      return target.name === undefined
        ? `fact ${target.subject}`
        : `fact ${target.subject} ${quoteWord(target.name)}`;
    case 'output':
      return `output ${target.id}`;
  }
}

/** The recall spelled in full, its page starting at line `from`. */
export function recallText(target: RecallTarget, filters: RecallFilters, from: number): string {
  const parts = [`recall ${targetText(target)}`];
  if (filters.pattern !== undefined) parts.push(`matching ${quoteWord(filters.pattern)}`);
  const range = filters.range;
  if (range?.kind === 'lines') parts.push(`lines ${range.first}-${range.last}`);
  else if (range !== undefined) parts.push(`${range.kind} ${range.count}`);
  if (from > 1) parts.push(`from line ${from}`);
  return parts.join(' ');
}
