/**
 * The memory tool's one argument, read into a request. It starts with a verb (recall, note, task);
 * without one it is a recall. A recall names what to recall and may end with filters that choose
 * lines of it; the request is spelled back in canonical form for the paging hint.
 */

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

export type MemoryRequest =
  | { verb: 'recall'; target: RecallTarget; filters: RecallFilters }
  | { verb: 'note'; subject: string; name: string; value: string }
  | { verb: 'task'; text: string; objective: string };

/** A request that could not be read: the verb it seemed to use, what it named, and why. */
export interface RequestError {
  error: string;
  verb: MemoryRequest['verb'];
  target: string;
}

export const RECALL_FORMS = 'entry N, turn N, task, summary, fact SUBJECT, output ID';
export const FILTER_FORMS = 'matching TEXT, lines A-B, head N, tail N, from line N';
export const VERB_FORMS =
  `recall (${RECALL_FORMS}), note SUBJECT NAME = VALUE, or task TEXT; objective: DONE; ` +
  `a recall may end with ${FILTER_FORMS}`;

const TARGET_WORDS: readonly string[] = ['entry', 'turn', 'task', 'summary', 'fact', 'output'];
// How many words follow each target word, where that is fixed.
const TARGET_SIZE: ReadonlyMap<string, number> = new Map([
  ['entry', 1],
  ['turn', 1],
  ['output', 1],
  ['task', 0],
  ['summary', 0],
]);

interface Token {
  text: string;
  quoted: boolean;
  start: number;
  end: number;
}

// Words split on whitespace; '...' or "..." keeps spaces in one word (an unclosed quote runs to the end).
function tokenize(text: string, offset: number): Token[] {
  const tokens: Token[] = [];
  const pattern = /'([^']*)(?:'|$)|"([^"]*)(?:"|$)|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    const start = offset + (match.index ?? 0);
    const quoted = match[3] === undefined;
    tokens.push({
      text: match[1] ?? match[2] ?? match[3] ?? '',
      quoted,
      start,
      end: start + match[0].length,
    });
  }
  return tokens;
}

function word(token: Token | undefined): string | undefined {
  return token === undefined || token.quoted ? undefined : token.text.toLowerCase();
}

const NUMBER = /^#?(\d{1,9})$/;
const RANGE = /^(\d{1,9})(?:-(\d{1,9}))?$/;

function numberOf(token: Token | undefined): number | undefined {
  const match = token === undefined ? null : NUMBER.exec(token.text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

// How many tokens the filter clause at `i` takes, or 0 when none starts there.
function clauseLength(tokens: readonly Token[], i: number): number {
  const next = tokens[i + 1];
  switch (word(tokens[i])) {
    case 'matching':
      return next === undefined ? 0 : 2;
    case 'lines':
    case 'line':
      return next !== undefined && RANGE.test(next.text) ? 2 : 0;
    case 'head':
    case 'tail':
      return next !== undefined && NUMBER.test(next.text) ? 2 : 0;
    case 'from':
      if (word(next) === 'line' && NUMBER.test(tokens[i + 2]?.text ?? '')) return 3;
      return next !== undefined && NUMBER.test(next.text) ? 2 : 0;
    default:
      return 0;
  }
}

// The words from `first` to `last` (exclusive) as one text: a lone quoted word without its quotes,
// several words as the request spelled them.
function joined(source: string, tokens: readonly Token[], first: number, last: number): string {
  const a = tokens[first];
  const b = tokens[last - 1];
  if (a === undefined || b === undefined) return '';
  if (last - first === 1) return a.text;
  return source.slice(a.start, b.end);
}

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

function readRecall(source: string, offset: number): MemoryRequest | RequestError {
  const tokens = tokenize(source.slice(offset), offset);
  if (tokens.length === 0) {
    return { verb: 'recall', target: '', error: `recall takes one of ${RECALL_FORMS}` };
  }
  // The target's words run to the first filter; a target of fixed size stops there, so a word past
  // it is reported as the filter it is not.
  const size = TARGET_SIZE.get(word(tokens[0]) ?? '');
  let end = 1;
  while (end < tokens.length && clauseLength(tokens, end) === 0) end += 1;
  if (size !== undefined && end > 1 + size && tokens.length > 1 + size) end = 1 + size;
  const target = readTarget(source, tokens, end);
  if ('error' in target) return { verb: 'recall', ...target };
  const filters = readFilters(source, tokens, end);
  if ('error' in filters) return { verb: 'recall', target: targetText(target), error: filters.error };
  return { verb: 'recall', target, filters };
}

const NOTE_FORM = 'a note is "note SUBJECT NAME = VALUE", as in "note decision storage = sqlite"';
const TASK_FORM = 'a task is "task TEXT; objective: DONE"';

function readNote(rest: string): MemoryRequest | RequestError {
  const match = /^(\S+)\s+([^=]*?)\s*=\s*([\s\S]*)$/.exec(rest);
  const subject = match?.[1]?.toLowerCase() ?? '';
  const name = match?.[2]?.trim() ?? '';
  const value = match?.[3]?.trim() ?? '';
  if (subject === '' || name === '' || value === '') {
    return { verb: 'note', target: rest.split(/\s+/, 2).join(' '), error: NOTE_FORM };
  }
  return { verb: 'note', subject, name, value };
}

function readTask(rest: string): MemoryRequest | RequestError {
  const match = /^([\s\S]*?);?\s*objective\s*:\s*([\s\S]*)$/i.exec(rest);
  const text = match?.[1]?.trim().replace(/;$/, '').trim() ?? '';
  const objective = match?.[2]?.trim() ?? '';
  if (text === '' || objective === '') {
    return { verb: 'task', target: 'task', error: `${TASK_FORM}; "task" alone recalls the task` };
  }
  return { verb: 'task', text, objective };
}

/** Reads the memory tool's request. */
export function parseMemoryRequest(request: string): MemoryRequest | RequestError {
  const source = request.trim();
  const first = /^\S+/.exec(source)?.[0] ?? '';
  const verb = first.toLowerCase();
  const restAt = first.length + (/^\s*/.exec(source.slice(first.length))?.[0].length ?? 0);
  const rest = source.slice(restAt);
  if (verb === 'recall') return readRecall(source, restAt);
  if (verb === 'note') return readNote(rest);
  if (verb === 'task') {
    // "task" alone, or with only filters, recalls the task.
    const tokens = tokenize(rest, restAt);
    if (tokens.length === 0 || clauseLength(tokens, 0) > 0) return readRecall(source, 0);
    return readTask(rest);
  }
  if (TARGET_WORDS.includes(verb)) return readRecall(source, 0);
  return {
    verb: 'recall',
    target: first,
    error:
      first === ''
        ? `the request is empty; it takes ${VERB_FORMS}`
        : `no verb "${first}": it takes ${VERB_FORMS}`,
  };
}

// A word written so that it reads back as one: quoted when it holds spaces or could pass for a keyword.
function quoteWord(text: string): string {
  if (text !== '' && !/[\s'"]/.test(text) && clauseLength(tokenize(`${text} 1 1`, 0), 0) === 0) return text;
  return text.includes("'") ? `"${text}"` : `'${text}'`;
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
