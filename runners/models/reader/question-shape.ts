/**
 * A question's shape: its question word, the head noun of what it asks for, and from the two the kind
 * of value it wants. The head noun is found from the parts of speech: the noun a "which"/"what"
 * determines ("which PostgreSQL version" -> version), the noun after "how many", the X of "what is the
 * X of Y", the object of a need stated as a statement ("I still need the port that ...") and the noun
 * of a fragment ("Mirror name?"). An indirect question ("I've forgotten which file ...", "remind me
 * what port ...") is read as the question it embeds.
 */
import {
  CONJUNCTIONS,
  ENVIRONMENT_WORDS,
  KIND_NOUNS,
  MEASURE_ADJECTIVES,
  MODALS,
  NEED_VERBS,
  POLITENESS,
  PRIMARY_AUXILIARIES,
  QUESTION_TAKING_VERBS,
  SPAN_ADVERBS,
  WH_WORDS,
} from './lexicon.js';
import { taggedSentences, type TaggedWord } from './parts-of-speech.js';

/** What a question asks for. */
export type AnswerType =
  | 'person'
  | 'number'
  | 'day'
  | 'time'
  | 'clock'
  | 'duration'
  | 'version'
  | 'path'
  | 'option'
  | 'env-var'
  | 'identifier'
  | 'yes-no'
  | 'any';

/** A question's shape: its question word and head noun, when it has them, and the kind it asks for. */
export interface QuestionShape {
  /** The question word, lower case ("which", "how"), absent for yes/no questions and needs. */
  wh?: string;
  /** The noun that names what is asked for, as written ("version", "port"). */
  head?: string;
  type: AnswerType;
  /** The words of the noun phrase the question word determines ("PostgreSQL", "version"). */
  nouns: string[];
}

/** The kind of value a head noun names, by its lemma or its form as written. */
function kindOfNoun(word: TaggedWord): Exclude<AnswerType, 'yes-no' | 'any' | 'env-var'> | undefined {
  for (const [kind, nouns] of Object.entries(KIND_NOUNS) as [
    keyof typeof KIND_NOUNS,
    ReadonlySet<string>,
  ][]) {
    if (nouns.has(word.lemma) || nouns.has(word.lower)) return kind;
  }
  return undefined;
}

const isAuxiliary = (word: TaggedWord | undefined) =>
  word !== undefined && (PRIMARY_AUXILIARIES.has(word.lower) || MODALS.has(word.lower) || word.pos === 'AUX');
const isWh = (word: TaggedWord | undefined) => word !== undefined && WH_WORDS.has(word.lower);
const isWord = (word: TaggedWord) => word.pos !== 'PUNCT' && word.pos !== 'SYM';
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
/** Parts of speech a noun phrase's later words have. */
const NOMINAL = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'X']);

/**
 * The noun phrase that starts at `from`: its words, up to a verb, an auxiliary, a preposition or
 * punctuation. The tagger may read the first noun as a verb ("which file holds ..."): it is kept
 * when it names a kind or a verb follows it. A word followed by a determiner starts a verb phrase
 * ("which variable sets the proxy") and ends the noun phrase.
 */
function nounPhrase(words: readonly TaggedWord[], from: number): TaggedWord[] {
  const phrase: TaggedWord[] = [];
  for (let i = from; i < words.length && phrase.length < 4; i++) {
    const word = words[i];
    const next = words[i + 1];
    if (word === undefined || CLOSED.has(word.pos) || isAuxiliary(word) || isWh(word)) break;
    if (phrase.length > 0 && next?.pos === 'DET') break;
    if (!NOMINAL.has(word.pos)) {
      const first = phrase.length === 0;
      const verbFollows = next !== undefined && (next.pos === 'VERB' || isAuxiliary(next));
      if (!first || !(kindOfNoun(word) !== undefined || verbFollows)) break;
    }
    phrase.push(word);
  }
  return phrase;
}

/** The head of a noun phrase: its last word that names a kind, else its last word. */
function headOf(phrase: readonly TaggedWord[]): TaggedWord | undefined {
  return phrase.findLast((word) => kindOfNoun(word) !== undefined) ?? phrase.at(-1);
}

/** The kind a head noun asks for: "environment variable" is one of the environment. */
function kindOfPhrase(phrase: readonly TaggedWord[]): AnswerType {
  const head = headOf(phrase);
  if (head === undefined) return 'any';
  const kind = kindOfNoun(head);
  if (head.lemma === 'variable' && phrase.some((word) => ENVIRONMENT_WORDS.has(word.lower))) return 'env-var';
  return kind ?? 'any';
}

function shapeOfPhrase(phrase: readonly TaggedWord[], wh?: string): QuestionShape {
  const head = headOf(phrase)?.value;
  return {
    ...(wh === undefined ? {} : { wh }),
    ...(head === undefined ? {} : { head }),
    type: kindOfPhrase(phrase),
    nouns: phrase.map((word) => word.value),
  };
}

/** The shape of a question opened by the question word at `at`. */
function whShape(words: readonly TaggedWord[], at: number): QuestionShape {
  const word = words[at];
  const wh = word?.lower ?? '';
  const next = words[at + 1];
  switch (wh) {
    case 'who':
    case 'whom':
      return { wh, type: 'person', nouns: [] };
    case 'whose': {
      const phrase = nounPhrase(words, at + 1);
      return { ...shapeOfPhrase(phrase, wh), type: 'person' };
    }
    case 'when':
      return { wh, type: 'time', nouns: [] };
    case 'how': {
      if (next !== undefined && SPAN_ADVERBS.has(next.lower)) return { wh, type: 'duration', nouns: [] };
      if (next !== undefined && MEASURE_ADJECTIVES.has(next.lower)) {
        const phrase = nounPhrase(words, at + 2);
        // "How many shops feed into ...": the noun counted is the first of the phrase.
        const head = phrase[0]?.value;
        return {
          wh,
          ...(head === undefined ? {} : { head }),
          type: 'number',
          nouns: phrase.map((w) => w.value),
        };
      }
      return { wh, type: 'any', nouns: [] };
    }
    case 'which':
    case 'what': {
      const phrase = nounPhrase(words, at + 1);
      if (phrase.length > 0) return shapeOfPhrase(phrase, wh);
      // "What is the X (of Y)?", "Which are the X ...?"
      if (
        next !== undefined &&
        (PRIMARY_AUXILIARIES.has(next.lower) || PRIMARY_AUXILIARIES.has(next.lemma))
      ) {
        let i = at + 2;
        while (words[i]?.pos === 'DET') i++;
        const subject = nounPhrase(words, i);
        if (subject.length > 0) return { ...shapeOfPhrase(subject, wh), nouns: [] };
      }
      return { wh, type: 'any', nouns: [] };
    }
    default:
      return { wh, type: 'any', nouns: [] };
  }
}

/** Where a sentence's clause starts: after openers such as "so", "please", "ok," or "By default,". */
function clauseStart(words: readonly TaggedWord[]): number {
  let i = 0;
  // A phrase set off by a comma at the start, with no verb and no question word in it, only frames.
  const comma = words.findIndex((word) => word.value === ',');
  if (
    comma > 0 &&
    words.slice(0, comma).every((word) => !isWh(word) && !isAuxiliary(word) && word.pos !== 'VERB')
  ) {
    i = comma + 1;
  }
  while (i < words.length) {
    const word = words[i];
    if (word === undefined || isWh(word)) break;
    const opener =
      word.pos === 'PUNCT' ||
      word.pos === 'INTJ' ||
      word.pos === 'CCONJ' ||
      POLITENESS.has(word.lower) ||
      CONJUNCTIONS.has(word.lower) ||
      // "now which ...", "also, does ..."
      (word.pos === 'ADV' && (isWh(words[i + 1]) || isAuxiliary(words[i + 1]))) ||
      // "At which port ...", "For how long ..."
      (word.pos === 'ADP' && isWh(words[i + 1]));
    if (!opener) break;
    i++;
  }
  return i;
}

/**
 * A question embedded after a verb that takes one: "know which", "remind me what", "tell us when".
 * Returns the index of its question word.
 */
function embeddedQuestion(words: readonly TaggedWord[], from: number): number | undefined {
  for (let i = from; i < words.length; i++) {
    if (
      !QUESTION_TAKING_VERBS.has(words[i]?.lemma ?? '') &&
      !QUESTION_TAKING_VERBS.has(words[i]?.lower ?? '')
    )
      continue;
    let j = i + 1;
    while (words[j]?.pos === 'PRON' && !isWh(words[j])) j++;
    if (isWh(words[j])) return j;
  }
  return undefined;
}

/**
 * The noun phrase a need or a request names as its object: "I still need the port that ...", "tell
 * me the version of ...", "I'd like to know the owner".
 */
function neededObject(words: readonly TaggedWord[], from: number): TaggedWord[] | undefined {
  for (let i = from; i < words.length; i++) {
    const word = words[i];
    if (word === undefined) break;
    const asks =
      NEED_VERBS.has(word.lemma) ||
      QUESTION_TAKING_VERBS.has(word.lemma) ||
      QUESTION_TAKING_VERBS.has(word.lower);
    if (!asks) continue;
    let j = i + 1;
    // Past "me", "to know", "of", "about", and the determiners of the noun phrase.
    while (j < words.length) {
      const skip = words[j];
      if (skip === undefined) break;
      const passes =
        (skip.pos === 'PRON' && !isWh(skip)) ||
        skip.pos === 'PART' ||
        skip.pos === 'DET' ||
        (skip.pos === 'ADP' && j === i + 1) ||
        QUESTION_TAKING_VERBS.has(skip.lemma) ||
        NEED_VERBS.has(skip.lemma);
      if (!passes) break;
      j++;
    }
    if (isWh(words[j])) return undefined;
    const phrase = nounPhrase(words, j);
    if (phrase.length > 0) return phrase;
  }
  return undefined;
}

/** The shape of one sentence of a question. */
function sentenceShape(all: readonly TaggedWord[]): QuestionShape {
  const words = all;
  const start = clauseStart(words);
  const first = words[start];
  if (first === undefined) return { type: 'any', nouns: [] };
  if (isWh(first)) return whShape(words, start);
  const embedded = embeddedQuestion(words, start);
  if (isAuxiliary(first)) {
    // "Do you know which port ...?" asks for the port; "Does it stop when ...?" asks yes or no.
    return embedded === undefined ? { type: 'yes-no', nouns: [] } : whShape(words, embedded);
  }
  if (embedded !== undefined) return whShape(words, embedded);
  const needed = neededObject(words, start);
  if (needed !== undefined) return shapeOfPhrase(needed);
  // A fragment: a few words and a question mark, no verb after its first word ("Mirror name?").
  const content = words.slice(start).filter(isWord);
  const fragment =
    words.at(-1)?.value === '?' &&
    content.length > 0 &&
    content.length <= 5 &&
    content.slice(1).every((word) => word.pos !== 'VERB' && !isAuxiliary(word));
  if (fragment) {
    const phrase = content.filter((word) => NOMINAL.has(word.pos) || kindOfNoun(word) !== undefined);
    if (phrase.length > 0) return shapeOfPhrase(phrase);
  }
  return { type: 'any', nouns: [] };
}

/**
 * The shape of a question: of its sentences, the first that asks (ends with "?") and has a kind,
 * else the first with a kind, else the first that asks.
 */
export function questionShape(question: string): QuestionShape {
  if (question.trim() === '') return { type: 'any', nouns: [] };
  const shapes = taggedSentences(question).map((words) => ({
    asks: words.at(-1)?.value === '?',
    shape: sentenceShape(words),
  }));
  const typed = (s: { shape: QuestionShape }) => s.shape.type !== 'any';
  return (
    shapes.find((s) => s.asks && typed(s))?.shape ??
    shapes.find(typed)?.shape ??
    shapes.find((s) => s.asks)?.shape ??
    shapes[0]?.shape ?? { type: 'any', nouns: [] }
  );
}

/** The words of the noun phrase a "which"/"what" determines: "which PostgreSQL version" -> both. */
export function whichNouns(question: string): string[] {
  for (const words of taggedSentences(question)) {
    const at = words.findIndex((word) => word.lower === 'which' || word.lower === 'what');
    if (at >= 0) return nounPhrase(words, at + 1).map((word) => word.value);
  }
  return [];
}
