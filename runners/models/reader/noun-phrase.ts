/**
 * Noun phrases in a tagged question, and the kind of value their head noun names: the types every
 * part of the question's shape speaks in ("which Redis version" has the head "version", a version).
 */
import {
  ENVIRONMENT_WORDS,
  EXIT_STATUS_HEADS,
  EXIT_STATUS_NOUNS,
  GENERAL_NOUNS,
  KIND_NOUNS,
  VARIABLE_NOUNS,
  MODALS,
  PRIMARY_AUXILIARIES,
  RELATIVE_DAYS,
  WH_WORDS,
} from './lexicon.js';
import type { TaggedWord } from './parts-of-speech.js';

/** What a question asks for. */
export type AnswerType =
  | 'person'
  | 'number'
  | 'day'
  | 'time'
  | 'clock'
  | 'timing'
  | 'duration'
  | 'version'
  | 'path'
  | 'option'
  | 'command'
  | 'env-var'
  | 'identifier'
  | 'position'
  | 'address'
  | 'yes-no'
  | 'any';

/** A question's shape: its question word and head noun, when it has them, and the kind it asks for. */
export interface QuestionShape {
  /** The question word, lower case ("which", "how"), absent for yes/no questions and needs. */
  wh?: string;
  /** The noun that names what is asked for, as written ("version", "port"). */
  head?: string;
  type: AnswerType;
  /** The words of the noun phrase the question word determines ("Redis", "version"). */
  nouns: string[];
  /**
   * True for a question that offers alternatives ("before or after …?"): it asks which one holds, and
   * a sentence that says its words with one of them answers, as a sentence answers yes or no.
   */
  alternatives?: boolean;
}

/** The kind of value a head noun names, by its lemma or its form as written. */
export function kindOfNoun(word: TaggedWord): Exclude<AnswerType, 'yes-no' | 'any' | 'env-var'> | undefined {
  for (const [kind, nouns] of Object.entries(KIND_NOUNS) as [
    keyof typeof KIND_NOUNS,
    ReadonlySet<string>,
  ][]) {
    if (nouns.has(word.lemma) || nouns.has(word.lower)) return kind;
  }
  return undefined;
}

export const isAuxiliary = (word: TaggedWord | undefined) =>
  word !== undefined && (PRIMARY_AUXILIARIES.has(word.lower) || MODALS.has(word.lower) || word.pos === 'AUX');
export const isWh = (word: TaggedWord | undefined) => word !== undefined && WH_WORDS.has(word.lower);
export const isWord = (word: TaggedWord) => word.pos !== 'PUNCT' && word.pos !== 'SYM';
/** Parts of speech that never belong to a noun phrase after its determiner. */
const CLOSED = new Set([
  'AUX',
  'ADP',
  'PUNCT',
  'DET',
  'PRON',
  'PART',
  'SCONJ',
  'CCONJ',
  'ADV',
  'INTJ',
  'SYM',
]);
/** Parts of speech that close a noun phrase before them (see `shapeOfPhrase`). */
const CLOSING = new Set(['PUNCT', 'SYM', 'ADP', 'ADV', 'SCONJ', 'CCONJ', 'PART', 'INTJ']);
/** Parts of speech a noun phrase's later words have. */
export const NOMINAL = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'X']);

/**
 * The noun phrase that starts at `from`: its words, up to a verb, an auxiliary, a preposition or
 * punctuation. The tagger may read a noun as a verb ("which file holds ..."): it is kept when it
 * names a kind, when a noun follows it (a participle: "the listening port"), or, first, when a verb
 * follows it. A word that names no kind followed by a determiner, adverbs aside, starts a verb
 * phrase ("which variable sets the proxy", "which option lists just those") and ends the noun
 * phrase. A possessor ("the kiln's owner") and an adverb before an adjective ("the very first file")
 * are passed over.
 */
export function nounPhrase(words: readonly TaggedWord[], from: number): TaggedWord[] {
  let phrase: TaggedWord[] = [];
  for (let i = from; i < words.length && phrase.length < 4; i++) {
    const word = words[i];
    const next = words[i + 1];
    if (word === undefined) break;
    if (isPossessive(word) && phrase.length > 0) {
      phrase = [];
      continue;
    }
    // A hyphen between two words joins them into one modifier ("command-line option", "time-out
    // value"): the phrase goes on to the noun after it.
    if (word.value === '-' && phrase.length > 0 && next !== undefined && !CLOSED.has(next.pos)) continue;
    if (word.pos === 'ADV' && (next?.pos === 'ADJ' || next?.pos === 'NUM')) continue;
    if (CLOSED.has(word.pos) || isAuxiliary(word) || isWh(word)) break;
    // A day said relative to now ("today") places the phrase in time; it is no part of it.
    if (RELATIVE_DAYS.has(word.lower)) break;
    // An adverb may stand between the verb and its object ("which option lists just those").
    const object = words.slice(i + 1).find((later) => later.pos !== 'ADV');
    // A word before an object of its own is the clause's verb and ends the phrase, unless it names a
    // kind ("the file the kiln reads"); a kind's noun with an ending is the verb all the same ("which
    // stamp numbers every pot"), however the tagger reads it.
    const inflected = word.lower !== word.lemma && !word.lower.endsWith('ing');
    if (phrase.length > 0 && object?.pos === 'DET' && (kindOfNoun(word) === undefined || inflected)) break;
    if (!NOMINAL.has(word.pos) && kindOfNoun(word) === undefined) {
      // A participle before a noun modifies it ("the listening port", "the packed weight"); after the
      // phrase's noun, a verb in the past or the present ("which version stopped patching …") is the
      // clause's own.
      const afterNoun = phrase.some((said) => said.pos === 'NOUN' || said.pos === 'PROPN');
      const finite = word.pos === 'VERB' && word.lower !== word.lemma && !word.lower.endsWith('ing');
      const modifies =
        !(afterNoun && finite) && next !== undefined && (next.pos === 'NOUN' || next.pos === 'PROPN');
      const verbFollows = next !== undefined && (next.pos === 'VERB' || isAuxiliary(next));
      if (!modifies && !(phrase.length === 0 && verbFollows)) break;
    }
    phrase.push(word);
  }
  return phrase;
}

/** The possessive "'s" or "'" after a noun. */
export function isPossessive(word: TaggedWord): boolean {
  return word.pos === 'PART' && /^['’]s?$/.test(word.lower);
}

/**
 * The head of a noun phrase. A phrase ends with its head, its last noun ("kiln shelf height" ->
 * height), unless it is `open`, followed by a verb: then it may run on into the subject of a clause that
 * qualifies it ("which folder the glazer reads", "the port the kiln controller uses"), and its head is its
 * last word that names a kind. Else its last word.
 */
export function headOf(phrase: readonly TaggedWord[], open = true): TaggedWord | undefined {
  // A general noun after the noun it sorts ("which key type", "the glaze problem") is the head: it
  // asks for a sort of that thing, not for the thing's kind of value.
  const sort = phrase.find(
    (word, i) => i > 0 && GENERAL_NOUNS.has(word.lemma) && NOMINAL.has(phrase[i - 1]?.pos ?? ''),
  );
  if (sort !== undefined) return sort;
  // A closed phrase ends with its head, even a kind's noun the tagger reads as a verb ("the IP address").
  const last = phrase.at(-1);
  if (!open && last !== undefined && kindOfNoun(last) !== undefined) return last;
  return (
    (open ? undefined : phrase.findLast((word) => word.pos === 'NOUN' || word.pos === 'PROPN')) ??
    phrase.findLast((word) => kindOfNoun(word) !== undefined) ??
    phrase.at(-1)
  );
}

/** The kind a head noun asks for: "environment variable" is one of the environment. */
export function kindOfPhrase(phrase: readonly TaggedWord[], open = true): AnswerType {
  const head = headOf(phrase, open);
  if (head === undefined) return 'any';
  const kind = kindOfNoun(head);
  if (VARIABLE_NOUNS.has(head.lemma) && phrase.some((word) => ENVIRONMENT_WORDS.has(word.lower)))
    return 'env-var';
  // An exit status is a number ("exit status", "exit code").
  if (
    EXIT_STATUS_HEADS.has(head.lemma) &&
    phrase.some((word) => word.lower !== head.lower && EXIT_STATUS_NOUNS.has(word.lower))
  )
    return 'number';
  return kind ?? 'any';
}

export function shapeOfPhrase(
  phrase: readonly TaggedWord[],
  wh?: string,
  sentence?: readonly TaggedWord[],
): QuestionShape {
  // What follows the phrase in its sentence: the end, a mark, a preposition, an adverb, a conjunction or an
  // auxiliary closes it; anything else (a verb, or a word the tagger took for one) leaves it open.
  const last = phrase.at(-1);
  const next =
    sentence === undefined || last === undefined ? undefined : sentence[sentence.indexOf(last) + 1];
  const open = sentence === undefined || (next !== undefined && !CLOSING.has(next.pos) && !isAuxiliary(next));
  const head = headOf(phrase, open)?.value;
  return {
    ...(wh === undefined ? {} : { wh }),
    ...(head === undefined ? {} : { head }),
    type: kindOfPhrase(phrase, open),
    nouns: phrase.map((word) => word.value),
  };
}
