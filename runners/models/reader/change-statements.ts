/**
 * Statements of a change name the value left behind beside the one taken up: "we switch the kiln
 * from gas to electric", "the logs go to S3 instead of the NAS". Asked how things stand, the old
 * value is no part of the answer, and a reply that repeats it reads as if both still held. The
 * statement without it says the new value alone.
 */
import { GOAL_PREPOSITIONS, REPLACED_VALUE_MARKERS, SHIFT_VERBS, SOURCE_PREPOSITIONS } from './lexicon.js';
import { Phrases, wordsAt, type WordAt } from './phrases.js';
import { stem } from './text.js';

const MARKERS = new Phrases(REPLACED_VALUE_MARKERS);

/** The stems of the verbs of a change ("switched", "moves"). */
const SHIFT_STEMS: ReadonlySet<string> = new Set([...SHIFT_VERBS].map(stem));

/** The most words an old value takes: "from the old NAS box to …". */
const LONGEST_OLD_VALUE = 5;

/** Marks that end a clause, and with it the value a marker leaves behind. */
const CLAUSE_ENDS = new Set([',', ';', ':', '.', '!', '?', '(', ')']);

/**
 * `sentence` without the value a change leaves behind: the phrase "instead of A" (or "rather than
 * A") to the end of its clause, or, with a verb of change, the "from A" before "to B". Any other
 * sentence as it is; so is one whose phrase would run longer than an old value does.
 */
export function withoutOldValue(sentence: string): string {
  const words = wordsAt(sentence);
  for (let at = 0; at < words.length; at++) {
    const hit = MARKERS.at(words, at);
    if (hit === undefined) continue;
    const end = clauseEnd(sentence, hit.end);
    if (wordsAt(sentence.slice(hit.end, end)).length > LONGEST_OLD_VALUE) continue;
    return cut(sentence, hit.start, end);
  }
  if (!words.some((word) => SHIFT_STEMS.has(stem(word.word)))) return sentence;
  for (const [at, word] of words.entries()) {
    if (!SOURCE_PREPOSITIONS.has(word.word)) continue;
    const goal = goalAfter(sentence, words, at);
    if (goal !== undefined) return cut(sentence, word.start, goal.start);
  }
  return sentence;
}

/** The "to" of a "from A to B" whose "from" is word `at`: within an old value's length, in one clause. */
function goalAfter(sentence: string, words: readonly WordAt[], at: number): WordAt | undefined {
  const from = words[at]!;
  for (let next = at + 2; next < words.length && next <= at + LONGEST_OLD_VALUE + 1; next++) {
    const word = words[next]!;
    if (clauseEnd(sentence, from.end) < word.start) return undefined;
    if (GOAL_PREPOSITIONS.has(word.word)) return word;
  }
  return undefined;
}

/** Where the clause that goes on at `from` ends: at its next mark of a clause's end, or at the end. */
function clauseEnd(sentence: string, from: number): number {
  for (let at = from; at < sentence.length; at++) if (CLAUSE_ENDS.has(sentence.charAt(at))) return at;
  return sentence.length;
}

/** Marks that may stand between a phrase cut from a sentence's start and the rest. */
const LEADING_MARKS = new Set([',', ';', ':']);

/** `sentence` without its characters from `start` to `end`, and without the space before them. */
function cut(sentence: string, start: number, end: number): string {
  const before = sentence.slice(0, start).trimEnd();
  const after = sentence.slice(end);
  // "Instead of A, we …": nothing comes before the phrase, so neither does its comma after it.
  if (before === '') {
    let rest = after;
    while (rest !== '' && (rest.charAt(0).trim() === '' || LEADING_MARKS.has(rest.charAt(0))))
      rest = rest.slice(1);
    return rest;
  }
  return `${before}${after.startsWith(' ') || CLAUSE_ENDS.has(after.charAt(0)) || after === '' ? '' : ' '}${after}`;
}

/** True when `sentence` states a change: a verb of change, or a value it leaves behind. */
export function statesChange(sentence: string): boolean {
  const words = wordsAt(sentence);
  return words.some((word, at) => SHIFT_STEMS.has(stem(word.word)) || MARKERS.at(words, at) !== undefined);
}

/**
 * The words of the value a statement of a change leaves behind, lower case: "moved from Orton to
 * Bartlett" leaves "orton" behind. None for a statement that names no old value.
 */
export function leftBehind(sentence: string): string[] {
  const kept = wordsAt(withoutOldValue(sentence)).map(({ word }) => word);
  const left: string[] = [];
  for (const { word } of wordsAt(sentence)) {
    const at = kept.indexOf(word);
    if (at >= 0) kept.splice(at, 1);
    else left.push(word);
  }
  return left;
}

/**
 * True when a question asks what a change left behind: "Which glaze did we switch from?", "… instead
 * of what?".
 */
export function asksOldValue(question: string): boolean {
  const words = wordsAt(question);
  return words.some(({ word }, at) => SOURCE_PREPOSITIONS.has(word) || MARKERS.at(words, at) !== undefined);
}
