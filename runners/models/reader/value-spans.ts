/**
 * What the value recognisers share: the span a value takes in a sentence, the kinds of value, and
 * the small helpers that build a pattern from a word list and read its matches as spans.
 */
/** A value found in a sentence: where it starts and ends, and its text. */
export interface ValueSpan {
  start: number;
  end: number;
  text: string;
}

/** The kinds of value a recogniser finds. */
export type ValueKind =
  | 'number'
  | 'duration'
  | 'clock'
  | 'day'
  | 'time'
  | 'version'
  | 'path'
  | 'command-option'
  | 'env-var'
  | 'code-name'
  | 'code'
  | 'proper-noun'
  | 'literal'
  | 'person'
  | 'position'
  | 'address'
  | 'statement';

/** An alternation of the words of a list, longest first, each escaped for a pattern. */
export function alternation(list: Iterable<string>, capitalise = false): string {
  return [...list]
    .sort((a, b) => b.length - a.length)
    .map((word) => (capitalise ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
}

/** The spans of every match of `pattern` (global), or of its first group when it has one. */
export function spansOf(sentence: string, pattern: RegExp): ValueSpan[] {
  const spans: ValueSpan[] = [];
  for (const match of sentence.matchAll(pattern)) {
    const group = match[1];
    const text = group ?? match[0];
    const start = group === undefined ? match.index : match.index + match[0].lastIndexOf(group);
    if (text !== '') spans.push({ start, end: start + text.length, text });
  }
  return spans;
}

/** Spans in sentence order, one of any two that overlap (the earlier, then the longer) kept. */
export function inOrder(spans: ValueSpan[]): ValueSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: ValueSpan[] = [];
  for (const span of sorted) {
    const last = kept.at(-1);
    if (last !== undefined && span.start < last.end) continue;
    kept.push(span);
  }
  return kept;
}

/** Marks that end a sentence or a clause when a space or the end of the text follows them. */
export const CLAUSE_MARKS: ReadonlySet<string> = new Set([',', ';', ':', '!', '?', '.']);

/** A word of a sentence, with where it starts. */
export interface Word {
  text: string;
  lower: string;
  start: number;
  end: number;
}

// A word: letters and figures, with inner apostrophes or hyphens ("o'clock", "well-known").
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function wordsOf(sentence: string): Word[] {
  return [...sentence.matchAll(WORD)].map((match) => ({
    text: match[0],
    lower: match[0].toLowerCase(),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The words of a sentence that are in `list`, joined when only spaces or hyphens part them. */
export function listedWords(sentence: string, list: ReadonlySet<string>, join: boolean): ValueSpan[] {
  const spans: ValueSpan[] = [];
  for (const word of wordsOf(sentence)) {
    // A hyphenated word ("twenty-five") is listed when each of its parts is.
    const parts = word.lower.split('-');
    if (!parts.every((part) => list.has(part))) continue;
    const last = spans.at(-1);
    if (join && last !== undefined && /^[\s-]+$/.test(sentence.slice(last.end, word.start))) {
      last.end = word.end;
      last.text = sentence.slice(last.start, last.end);
    } else spans.push({ start: word.start, end: word.end, text: word.text });
  }
  return spans;
}
