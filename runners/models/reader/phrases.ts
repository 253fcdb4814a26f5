/**
 * Finding the lexicon's words and phrases in a text by its words rather than by patterns: a phrase
 * is a sequence of words ("by the way", "has moved to"), and it is found where those words stand
 * side by side in the text, in any case, with any spacing between them. Every stage that looks for a
 * class of words the lexicon lists goes through here, so no stage writes its own pattern of words.
 */

/** One word of a text, lower-cased (a curly apostrophe read as a straight one), and where it stands. */
export interface WordAt {
  word: string;
  start: number;
  end: number;
}

/** A phrase found in a text: which one, and the characters it covers. */
export interface PhraseHit {
  phrase: string;
  start: number;
  end: number;
  /** The index of its first word among the text's words, and the index after its last. */
  first: number;
  after: number;
}

// Letters and digits, with apostrophes inside a word kept ("let's", "don't", "we'll").
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** The words of a text with their places, in order. */
export function wordsAt(text: string): WordAt[] {
  const found: WordAt[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    found.push({ word: match[0].toLowerCase().replace(/’/g, "'"), start, end: start + match[0].length });
  }
  return found;
}

/** True when the word at `at` of `words` (as `wordsAt` found them in `text`) comes right after a comma. */
export function followsComma(text: string, words: readonly WordAt[], at: number): boolean {
  const before = words[at - 1];
  return before !== undefined && text.slice(before.end, words[at]?.start).trim() === ',';
}

// A run of letters, digits and underscores, or any one other mark that is no space.
const PLAIN_TOKEN = /[\p{L}\p{N}_]+|[^\p{L}\p{N}_\s]/gu;

/**
 * The tokens of a text as a pattern's word boundaries part it, lower-cased, with their places: a
 * word is a run of letters, digits and underscores (an identifier such as `max_depth` is one word),
 * a clitic stands apart from its word ("they've" gives "they", "'" and "ve"), and every other mark is
 * a token of its own. A phrase is then found only where its words are parted by spaces alone ("timed
 * out", not "timed-out"). For lists of words without apostrophes.
 */
export function plainTokensAt(text: string): WordAt[] {
  const found: WordAt[] = [];
  for (const match of text.matchAll(PLAIN_TOKEN)) {
    const start = match.index;
    found.push({ word: match[0].toLowerCase(), start, end: start + match[0].length });
  }
  return found;
}

/** A list of phrases, ready to be looked for: by first word, the longest of each first. */
export class Phrases {
  private readonly byFirst = new Map<string, { phrase: string; words: string[] }[]>();

  constructor(list: Iterable<string>) {
    for (const phrase of list) {
      const words = wordsAt(phrase).map((at) => at.word);
      if (words.length === 0) continue;
      const entries = this.byFirst.get(words[0]!) ?? [];
      entries.push({ phrase, words });
      this.byFirst.set(words[0]!, entries);
    }
    for (const entries of this.byFirst.values()) entries.sort((a, b) => b.words.length - a.words.length);
  }

  /** The longest phrase whose words start at word `index` of `words`, if any. */
  at(words: readonly WordAt[], index: number): PhraseHit | undefined {
    const head = words[index];
    if (head === undefined) return undefined;
    for (const entry of this.byFirst.get(head.word) ?? []) {
      const after = index + entry.words.length;
      if (after > words.length) continue;
      if (entry.words.every((word, offset) => words[index + offset]!.word === word))
        return hit(entry.phrase, words, index, after);
    }
    return undefined;
  }

  /** The first phrase in `text` (from word `from` on), the longest where several start together. */
  find(text: string, from = 0, words: readonly WordAt[] = wordsAt(text)): PhraseHit | undefined {
    for (let index = from; index < words.length; index++) {
      const found = this.at(words, index);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** Every phrase in `text`, left to right, none overlapping the one before it. */
  findAll(text: string, words: readonly WordAt[] = wordsAt(text)): PhraseHit[] {
    const found: PhraseHit[] = [];
    for (let index = 0; index < words.length; index++) {
      const next = this.at(words, index);
      if (next === undefined) continue;
      found.push(next);
      index = next.after - 1;
    }
    return found;
  }

  /** True when `text`, read by `plainTokensAt`, holds any of the phrases. */
  inPlain(text: string): boolean {
    return this.find(text, 0, plainTokensAt(text)) !== undefined;
  }

  /**
   * Every place `text` writes one of the phrases just as the list spells it (the list in lower case,
   * the text in any case): one space between words, a straight apostrophe. A phrase starts and ends
   * where a word does, though a clitic may follow it ("the cook's hat" writes "cook"); a word joined
   * to another by `_` is part of a name and writes none ("dry_run" writes no "run"). Left to right,
   * and at each word every phrase written there, the longest first.
   */
  written(text: string): PhraseHit[] {
    const words = wordsAt(text);
    return words.flatMap((_, index) => this.writtenFrom(text, words, index));
  }

  /** The phrases `text` writes starting at character `at` (see `written`), the longest first. */
  writtenAt(text: string, at: number): PhraseHit[] {
    const words = wordsAt(text);
    // The word a phrase starts from is at `at`, or just after the apostrophe a phrase may open with.
    const index = words.findIndex((word) => word.start >= at);
    return index < 0 ? [] : this.writtenFrom(text, words, index).filter((hit) => hit.start === at);
  }

  /** The phrases written from word `index` of `words` on, as `written` finds them. */
  private writtenFrom(text: string, words: readonly WordAt[], index: number): PhraseHit[] {
    const head = words[index];
    if (head === undefined) return [];
    // A word with a clitic ("cook's") may also begin a phrase by its part before the apostrophe.
    const keys = new Set([head.word, head.word.split("'")[0]!]);
    const entries = [...keys].flatMap((key) => this.byFirst.get(key) ?? []);
    const found: PhraseHit[] = [];
    for (const entry of entries.sort((a, b) => b.phrase.length - a.phrase.length)) {
      // A phrase may open with an apostrophe before its first word ("'ve").
      const start = head.start - entry.phrase.indexOf(entry.words[0]!);
      const end = start + entry.phrase.length;
      if (start < 0 || text.slice(start, end).toLowerCase() !== entry.phrase) continue;
      if (text[start - 1] === '_' || text[end] === '_') continue;
      const last = words.findIndex((word) => word.end >= end);
      const ending = words[last];
      if (ending === undefined || (ending.end !== end && !APOSTROPHES.has(text[end] ?? ''))) continue;
      found.push({ phrase: entry.phrase, start, end, first: index, after: last + 1 });
    }
    return found;
  }

  /**
   * Where a text read part by part goes on after a phrase written at `at`: past the phrase and the
   * white space that must follow it, for each such phrase, the longest first.
   */
  nextAt(text: string, at: number): number[] {
    return this.writtenAt(text, at)
      .map((found) => ({ found, next: spaceAfter(text, found.end) }))
      .filter(({ found, next }) => next > found.end)
      .map(({ next }) => next);
  }
}

/** The characters that end a line. */
const LINE_BREAKS = ['\n', '\r', '\u2028', '\u2029'];

/** `text` when it is one line with something on it (the rest of a sentence read part by part). */
export function oneLine(text: string): string | undefined {
  return text === '' || LINE_BREAKS.some((end) => text.includes(end)) ? undefined : text;
}

/** The place after the run of white space at `at` of `text`: `at` itself when none is there. */
export function spaceAfter(text: string, at: number): number {
  let end = at;
  while (end < text.length && text[end]!.trim() === '') end++;
  return end;
}

/** The apostrophes that may set a clitic off a word. */
const APOSTROPHES: ReadonlySet<string> = new Set(["'", '’']);

function hit(phrase: string, words: readonly WordAt[], first: number, after: number): PhraseHit {
  return { phrase, start: words[first]!.start, end: words[after - 1]!.end, first, after };
}
