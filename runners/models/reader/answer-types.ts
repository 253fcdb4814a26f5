/**
 * The kind of value a question asks for, and the values of that kind a sentence holds. The kind is
 * read from the question's shape (question-shape.ts): "who" wants a person, "how many" a number,
 * "when" a time, "how long" a span, "what time" a time of day or a span, "which version" a version,
 * "which file" a path, "which option" or "which key" an option, "which environment variable" one of
 * the environment, "what is the name of ..." a name, "what is the IP address of ..." an address (a
 * URL, an e-mail address, an IP address, a host with its port), and a question that opens with an auxiliary
 * ("does", "is", "can") a yes or a no. The values are found by one recogniser per kind
 * (value-kinds.ts, key-chords.ts). A sentence that holds no value of the kind cannot answer, whatever
 * words it shares with the question.
 */
import { questionShape, whichNouns, type AnswerType, type QuestionShape } from './question-shape.js';
import { analyse, type Token } from './language.js';
import {
  DEMONSTRATIVES,
  INDEFINITE_DETERMINERS,
  NAMING_PARTICIPLES,
  THIRD_PERSON_POSSESSIVES,
} from './lexicon.js';
import { stem } from './text.js';
import { keyChordSpans } from './key-chords.js';
import {
  clockSpans,
  codeNameSpans,
  deniedStems,
  durationSpans,
  commandOptionSpans,
  RECOGNISERS,
  envVarSpans,
  isNegative,
  literalSpans,
  properNounSpans,
  type ValueKind,
  type ValueSpan,
} from './value-kinds.js';
import { CLAUSE_MARKS, wordsOf } from './value-spans.js';

export { deniedStems, isNegative, questionShape };
export type { AnswerType, QuestionShape, ValueSpan };

/** The kind of value `question` asks for. */
export function answerType(question: string): AnswerType {
  return questionShape(question).type;
}

/** The words of the noun phrase a "which/what ..." question opens with: "which Redis version". */
export function askedNouns(question: string): string[] {
  return whichNouns(question);
}

/** Spans in sentence order, one of any two that overlap kept (the earlier, then the longer). */
function merged(...lists: ValueSpan[][]): ValueSpan[] {
  const sorted = lists.flat().sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: ValueSpan[] = [];
  for (const span of sorted) {
    const last = kept.at(-1);
    if (last === undefined || span.start >= last.end) kept.push(span);
  }
  return kept;
}

/** The recogniser behind each answer type that has a single one. */
const SINGLE: Partial<Record<AnswerType, ValueKind>> = {
  person: 'person',
  number: 'number',
  day: 'day',
  time: 'time',
  clock: 'clock',
  duration: 'duration',
  version: 'version',
  path: 'path',
  position: 'position',
  'env-var': 'env-var',
  address: 'address',
  command: 'code',
  'yes-no': 'statement',
};

/**
 * The values of `type` that `sentence` holds, in sentence order. An option is a command-line option,
 * a name as configuration writes it, an environment variable or a key chord ("Control-C"); a time,
 * as the noun "time" asks for it, a time of day or a span ("at 9:30", "after 30 seconds"); a name or identifier is any of those,
 * a proper noun or a literal value (quoted, or after "="). A yes or a no rests on the whole of a sentence that states something. "Any" (a
 * description, an explanation) has no typed span.
 */
export function typeSpans(sentence: string, type: AnswerType): ValueSpan[] {
  const single = SINGLE[type];
  if (single !== undefined) return RECOGNISERS[single](sentence);
  switch (type) {
    case 'option':
      return merged(
        commandOptionSpans(sentence),
        codeNameSpans(sentence),
        envVarSpans(sentence),
        keyChordSpans(sentence),
      );
    case 'timing':
      return merged(clockSpans(sentence), durationSpans(sentence));
    case 'identifier':
      return merged(
        commandOptionSpans(sentence),
        codeNameSpans(sentence),
        envVarSpans(sentence),
        properNounSpans(sentence),
        literalSpans(sentence),
      );
    default:
      return [];
  }
}

/**
 * True when `sentence` holds a number that labels a thing ("port 8080", "listens on 22"), not one that
 * counts the thing after it ("6 hosts", "40 files"): what "which port" asks for.
 */
export function holdsLabel(sentence: string): boolean {
  const read = analyse(sentence);
  return read.some(
    (token, at) =>
      token.pos === 'NUM' &&
      !COUNTED.has(read[at + 1]?.pos ?? '') &&
      typeSpans(token.value, 'number').length > 0,
  );
}

/**
 * True when `sentence` counts one of the things `counted` names (nouns' stems, apart by spaces): a
 * number, then the words that describe the thing, then its noun ("14 dedicated build hosts"). "How
 * many hosts …?" asks for that; "the hosts run release 3.20" holds a number but counts nothing.
 */
export function holdsCount(sentence: string, counted: string): boolean {
  const nouns = new Set(counted.split(' '));
  const read = analyse(sentence);
  return read.some((token, at) => {
    if (token.pos !== 'NUM' || typeSpans(token.value, 'number').length === 0) return false;
    for (let next = at + 1; next < read.length && next <= at + COUNTED_REACH; next++) {
      const word = read[next]!;
      if (word.pos === 'NOUN' && nouns.has(stem(word.lower))) return true;
      // Participles that describe the thing ("14 dedicated hosts") are often tagged as verbs.
      if (!DESCRIBING_POS.has(word.pos) && word.pos !== 'VERB') return false;
    }
    return false;
  });
}

/** The most words from a number to the noun it counts ("14 | dedicated build hosts"). */
const COUNTED_REACH = 4;

/** Parts of speech of a word after a number that make the number a count of it ("6 hosts", "3 big"). */
const COUNTED: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ']);

/** The most words between a preposition and the value that is its object ("on | port 8080"). */
const OBJECT_REACH = 3;

/**
 * True when a value of `type` in `sentence` is the object of `preposition`: it follows the
 * preposition with at most a few words between ("listens on port 8080", "put the files into
 * /srv/kiln/"), and no mark that ends a clause.
 */
export function holdsAfter(sentence: string, type: AnswerType, preposition: string): boolean {
  const words = wordsOf(sentence);
  return typeSpans(sentence, type).some((span) => {
    const before = words.filter((word) => word.end <= span.start).slice(-(OBJECT_REACH + 1));
    const at = before.findLastIndex((word) => word.lower === preposition);
    return at >= 0 && !endsClause(sentence.slice(before[at]!.end, span.start));
  });
}

/** Brackets, which end a clause wherever they stand. */
const BRACKETS: ReadonlySet<string> = new Set(['(', ')']);

/**
 * True when `text` (what stands between two words) holds a mark that ends a clause: a bracket, or a
 * mark with a space or the end after it ("files, then"), not the dot of ".crt".
 */
function endsClause(text: string): boolean {
  return [...text].some(
    (char, i) => BRACKETS.has(char) || (CLAUSE_MARKS.has(char) && (text[i + 1] ?? ' ').trim() === ''),
  );
}

/** True when `sentence` holds a value of `type`; every sentence holds "any". */
export function holdsType(sentence: string, type: AnswerType): boolean {
  return type === 'any' || typeSpans(sentence, type).length > 0;
}

/**
 * True when `sentence` speaks of a `head` (a noun's stem) and each time only as some one of its kind,
 * never saying which: "I must book a room" says no room, so it cannot answer "which room". Nor does
 * one that names it only by whose it is: "the club was run by its founder" says no more than "the
 * club's founder?" asks. A mention that a name or number goes with ("a room called Orion", "a room,
 * 4B", "an Orion room", "its founder, Ada Varga") says which.
 */
export function saysNoneOf(sentence: string, head: string): boolean {
  return mentionedOnlyAs(sentence, head, UNNAMING_DETERMINERS);
}

/** Determiners that, with no name, leave which one open: "a", "some", "its", "their". */
const UNNAMING_DETERMINERS: ReadonlySet<string> = new Set([
  ...INDEFINITE_DETERMINERS,
  ...THIRD_PERSON_POSSESSIVES,
]);

/**
 * True when `sentence` speaks of a `head` (a noun's stem) only as one named before it ("This signal
 * stops the fan", "that option"), never saying which: what it points back to says which.
 */
export function pointsBackTo(sentence: string, head: string): boolean {
  return mentionedOnlyAs(sentence, head, DEMONSTRATIVES);
}

/** True when `sentence` mentions `head`, each time after one of `determiners` and with no name. */
function mentionedOnlyAs(sentence: string, head: string, determiners: ReadonlySet<string>): boolean {
  const mentions = mentionsOf(analyse(sentence), head);
  return (
    mentions.length > 0 &&
    mentions.every(({ determiner, named }) => determiners.has(determiner?.lower ?? '') && !named)
  );
}

/**
 * True when `sentence` names one `head` (a noun's stem): a name or number goes with a mention of it
 * ("the Harbour venue", "the room Orion", "port 8080", "a room called Orion", "the key: F5").
 */
export function namesOne(sentence: string, head: string): boolean {
  return mentionsOf(analyse(sentence), head).some(({ named }) => named);
}

/**
 * Each mention of `head` (a noun's stem) among `tokens`: the word that determines it, found back over
 * what describes it ("a small meeting room"), and whether a name or number goes with it, inside its
 * phrase ("an Orion room") or right after it ("room 4B", "a room called Orion", "a room: 4B").
 */
function mentionsOf(tokens: readonly Token[], head: string): { determiner?: Token; named: boolean }[] {
  return tokens.flatMap((token, at) => {
    if (token.pos !== 'NOUN' || stem(token.lower) !== head) return [];
    let from = at - 1;
    while (from >= 0 && DESCRIBING_POS.has(tokens[from]?.pos ?? '')) from--;
    const next = tokens[at + 1];
    const named =
      tokens.slice(from + 1, at).some((word) => NAMING_POS.has(word.pos)) ||
      (next !== undefined &&
        (NAMING_POS.has(next.pos) ||
          NAMING_PARTICIPLES.has(next.lower) ||
          (NAMING_MARKS.has(next.value) && namingAfter(tokens, at + 2))));
    const determiner = tokens[from];
    return [determiner === undefined ? { named } : { determiner, named }];
  });
}

/** True when a name or number starts at `at` among `tokens`, after any determiner ("the Loft"). */
function namingAfter(tokens: readonly Token[], at: number): boolean {
  let next = at;
  while (tokens[next]?.pos === 'DET') next++;
  return NAMING_POS.has(tokens[next]?.pos ?? '');
}

/** Parts of speech of the words between a noun and the word that determines it. */
const DESCRIBING_POS: ReadonlySet<string> = new Set(['ADJ', 'NOUN', 'ADV', 'PROPN', 'NUM']);

/** Parts of speech that name one thing: a proper noun, a number. */
const NAMING_POS: ReadonlySet<string> = new Set(['PROPN', 'NUM']);

/**
 * Marks after a noun that go on to name it when a name or number follows: "a room: 4B", "a room
 * (4B)", "a room, 4B"; not "the hashes, the names" (a list goes on).
 */
const NAMING_MARKS: ReadonlySet<string> = new Set([':', '(', ',', '-', '–', '—']);
