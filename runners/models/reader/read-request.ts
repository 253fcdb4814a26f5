/**
 * Which files a person's message asks the reader to read. A message that names a workspace path asks
 * for it to be read, however it is worded ("X next.", "Time for X.", "What does X say about …?"),
 * unless the clause that names it says otherwise by its structure:
 *
 * - it is negated ("don't open X", "no need to read X") or declines the file ("skip X");
 * - it puts the read off ("X can wait", "later");
 * - it refers back to a read in the past or the perfect ("was X the one …", "X helped", "we've been
 *   through X", "did you read X?");
 * - the person is the one who acts ("I'll read X myself", "I wrote X"), rather than wanting
 *   something done ("I'd like your take on X", "I need you to go through X", "I'm curious about X");
 *   a file that is the subject of a clause of its own ("I suspect X mentions …") is not acted on,
 *   and its own verb tells whether the clause looks back;
 * - it only thanks ("good summary of X, cheers", "thanks for going through X"); thanks said in a
 *   sentence before the one that names the file ("Thank you. Next, X.") are for an earlier read;
 * - it states something, its subject a noun phrase ("the hostname is X", "the report in X shows …"),
 *   in a sentence that does not ask.
 *
 * Clauses are the stretches between sentence ends and the marks that part clauses (commas, colons,
 * semicolons, dashes, brackets). A clause with no verb after one that has a verb and a path continues
 * it ("did you read X, Y and Z?"). Each clause is analysed with its paths standing as "it", so that
 * the tagger sees an ordinary pronoun where a path would confuse it.
 */
import {
  DECLINE_VERBS,
  DEFERRAL_WORDS,
  DESIRE_ADJECTIVES,
  DESIRE_VERBS,
  DIRECTIVE_VERBS,
  FIRST_PERSON_REFLEXIVES,
  GRATITUDE,
  GRATITUDE_PREPOSITIONS,
  INFINITIVE_MARKERS,
  INDEFINITE_DETERMINERS,
  OBJECT_PRONOUNS,
  PAST_TIME_ADVERBS,
  PERFECT_AUXILIARIES,
  SEQUENCE_PHRASES,
  SEQUENCE_WORDS,
  SPEAKER_PRONOUNS,
  WH_WORDS,
} from './lexicon.js';
import { analyse, isPastForm, isVerbal } from './language.js';
import type { Token } from './language.js';
import { findPaths, outsideWorkspace } from './text.js';
import type { PathMention } from './text.js';

/** Why a clause that names a file asks for no read of it. */
export type NoReadReason =
  'negated' | 'declined' | 'deferred' | 'past' | 'own act' | 'thanks' | 'statement' | 'outside' | 'any one';

/** One path of a message, with whether the message asks for it to be read, and why not. */
export interface PathReading extends PathMention {
  read: boolean;
  reason?: NoReadReason;
}

/** One clause of a message: where it starts in the message, its text, and its sentence. */
interface Clause {
  start: number;
  text: string;
  sentence: number;
  /** True when its sentence ends in a question mark. */
  asks: boolean;
}

/** The pronoun a path stands as while its clause is analysed. */
const PLACEHOLDER = 'it';
const PLACEHOLDER_WORD = new RegExp(`\\b${PLACEHOLDER}\\b`, 'gi');

/** Marks that end a sentence, and marks that part clauses within one. */
const SENTENCE_END = /[.!?]+(?=\s|$)|\n+/g;
const CLAUSE_BREAK = /[,;:()\u2013\u2014]|\s-\s/g;

/** The clauses of a message, in order; a path's dots never end a sentence, since a space follows one. */
export function clauses(message: string): Clause[] {
  const out: Clause[] = [];
  let sentence = 0;
  let from = 0;
  let asks = false;
  const pushPart = (end: number) => {
    const stretch = message.slice(from, end);
    let at = 0;
    for (const match of stretch.matchAll(CLAUSE_BREAK)) {
      pushClause(from + at, stretch.slice(at, match.index));
      at = match.index + match[0].length;
    }
    pushClause(from + at, stretch.slice(at));
  };
  const pushClause = (start: number, raw: string) => {
    const lead = raw.length - raw.trimStart().length;
    if (raw.trim() !== '') out.push({ start: start + lead, text: raw.trim(), sentence, asks });
  };
  for (const match of message.matchAll(SENTENCE_END)) {
    asks = match[0].includes('?');
    pushPart(match.index);
    from = match.index + match[0].length;
    sentence++;
  }
  asks = false;
  pushPart(message.length);
  return out;
}

/**
 * The clause's tokens with its paths as the placeholder, and the index of each path's placeholder:
 * the placeholder tokens are counted, those the clause writes itself before a path included.
 */
function analyseClause(clause: Clause, paths: readonly PathMention[]): { tokens: Token[]; at: number[] } {
  let text = '';
  let last = 0;
  const nth: number[] = [];
  for (const mention of paths) {
    const local = mention.index - clause.start;
    text += clause.text.slice(last, local);
    nth.push(text.match(PLACEHOLDER_WORD)?.length ?? 0);
    text += PLACEHOLDER;
    last = local + rawLength(clause.text, local);
  }
  text += clause.text.slice(last);
  const tokens = analyse(text);
  const placeholders = tokens.flatMap((token, i) => (token.lower === PLACEHOLDER ? [i] : []));
  return { tokens, at: nth.map((n) => placeholders[n] ?? -1) };
}

/** The length of the word at `from`: the path as written, with its quotes and closing marks. */
function rawLength(text: string, from: number): number {
  return /^\S+/.exec(text.slice(from))?.[0].length ?? 0;
}

const hasSequenceWord = (tokens: readonly Token[]) =>
  tokens.some(
    (t, i) =>
      SEQUENCE_WORDS.has(t.lower) || SEQUENCE_PHRASES.includes(`${t.lower} ${tokens[i + 1]?.lower ?? ''}`),
  );

/** True when the words before the verb at `finite` are a noun phrase: "the production host", "my notes". */
function nounPhraseBefore(words: readonly Token[], finite: number): boolean {
  if (finite <= 0) return false;
  const before = words.slice(0, finite);
  const head = before.at(-1);
  if (head === undefined || !['NOUN', 'PROPN'].includes(head.pos)) return false;
  return before.every(
    (t, i) =>
      ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(t.pos) ||
      (i === 0 && (t.pos === 'DET' || t.pos === 'PRON') && !WH_WORDS.has(t.lower)),
  );
}

/**
 * True when the path at token `at` follows an indefinite determiner, past any adjectives ("an old
 * .kiln archive", "a .bak"): it speaks of any file of that kind, not of one the workspace holds.
 */
function anyOne(tokens: readonly Token[], at: number): boolean {
  let before = at - 1;
  while (tokens[before]?.pos === 'ADJ') before--;
  return INDEFINITE_DETERMINERS.has(tokens[before]?.lower ?? '');
}

/**
 * True when a verb of directing ("tell", "ask", "advise") comes before the path at word `path`, and an
 * infinitive between them is what is to be done ("told to look at X", "asked me to check X").
 */
function directs(words: readonly Token[], path: number): boolean {
  const directive = words.findIndex((t, i) => i < path && isVerbal(t) && DIRECTIVE_VERBS.has(t.lemma));
  if (directive < 0) return false;
  const between = words.slice(directive + 1, path);
  return between.some(
    (t, i) => INFINITIVE_MARKERS.has(t.lower) && between[i + 1] !== undefined && isVerbal(between[i + 1]!),
  );
}

/** Why a clause asks for no read of the path at token `at`, or undefined when it asks for one. */
function noReadReason(
  tokens: readonly Token[],
  at: number,
  thanks: boolean,
  asks: boolean,
): NoReadReason | undefined {
  if (tokens[at]?.negated) return 'negated';
  if (anyOne(tokens, at)) return 'any one';
  const words = tokens.filter((t) => t.pos !== 'PUNCT');
  // The verb of an imperative may be tagged as a noun at the start of a message ("Skip it").
  if (words.some((t, i) => (i === 0 || isVerbal(t)) && DECLINE_VERBS.has(t.lemma))) return 'declined';
  if (words.some((t) => DEFERRAL_WORDS.has(t.lemma) || DEFERRAL_WORDS.has(t.lower))) return 'deferred';
  // A file that is the subject of a clause of its own after the speaker's verb ("I suspect X covers
  // it", "someone told me X explains it"): the file's own verb tells whether it was read, and the
  // speaker does nothing to it. Such a clause follows a verb, the verb's object ("told me X covers"),
  // a question word ("what X says") or a conjunction ("that X covers"); a file after a preposition
  // ("went through X last night") or a determiner ("its X name") is no subject, whatever the tagger
  // makes of the word after it.
  const path = words.indexOf(tokens[at]!);
  const before = words[path - 1];
  const opens =
    before !== undefined &&
    (isVerbal(before) ||
      OBJECT_PRONOUNS.has(before.lower) ||
      WH_WORDS.has(before.lower) ||
      before.pos === 'SCONJ');
  const embedded = opens && words[path + 1] !== undefined && isVerbal(words[path + 1]!);
  const finite = embedded ? path + 1 : words.findIndex(isVerbal);
  const verb = words[finite];
  // "I was told to look at X", "my lead asked me to go through X": a directive, in the past or not,
  // still asks for what its infinitive does to the file.
  const directed = directs(words, path);
  if (verb !== undefined && !directed) {
    if (isPastForm(verb)) return 'past';
    // A verb whose past is its plain form ("read", "put") after its subject, with an adverb of past
    // time after it ("you read X earlier"), is in the past.
    const subject = words[finite - 1];
    if (
      verb.lower === verb.lemma &&
      subject !== undefined &&
      ['PRON', 'NOUN', 'PROPN'].includes(subject.pos) &&
      words.slice(finite + 1).some((t) => t.pos === 'ADV' && PAST_TIME_ADVERBS.has(t.lower))
    )
      return 'past';
    // The perfect: a form of "have" and, past its subject or an adverb, a verb ("have you read",
    // "we've already been"); "have a look" is no perfect.
    // "has to say" is no perfect: "to" after "have" makes an infinitive of what follows.
    const infinitive = INFINITIVE_MARKERS.has(words[finite + 1]?.lower ?? '');
    if ((PERFECT_AUXILIARIES.has(verb.lower) || PERFECT_AUXILIARIES.has(verb.lemma)) && !infinitive) {
      const next = words
        .slice(finite + 1)
        .find((t) => t.pos !== 'ADV' && t.pos !== 'PRON' && t.pos !== 'PART');
      if (next !== undefined && isVerbal(next)) return 'past';
    }
  }
  const speaker = !embedded && words.slice(0, Math.max(finite, 0)).some((t) => SPEAKER_PRONOUNS.has(t.lower));
  // The tagger takes "like" after "I'd" for a preposition: any use but a noun's counts. Being keen
  // on a file is wanting it too ("I'd be curious about X").
  const wants = words.some(
    (t) =>
      (t.pos !== 'NOUN' && DESIRE_VERBS.has(t.lemma)) || (t.pos === 'ADJ' && DESIRE_ADJECTIVES.has(t.lower)),
  );
  if ((speaker && !wants && !directed) || words.some((t) => FIRST_PERSON_REFLEXIVES.has(t.lower)))
    return 'own act';
  // Thanks for a deed ("thanks for going through X") thank for a read already made.
  const deed =
    verb !== undefined &&
    verb.lower.endsWith('ing') &&
    GRATITUDE_PREPOSITIONS.has(words[finite - 1]?.lower ?? '');
  if (thanks && (verb === undefined || deed) && !hasSequenceWord(words)) return 'thanks';
  if (!asks && !directed && nounPhraseBefore(words, finite) && !hasSequenceWord(words)) return 'statement';
  return undefined;
}

/**
 * Every path `message` names, in order, each once, with whether the message asks for it to be read.
 * Paths in `excluded` stretches (a command's backticks) are left out.
 */
export function readPaths(
  message: string,
  excluded: (index: number) => boolean = () => false,
): PathReading[] {
  const mentions = findPaths(message).filter((mention) => !excluded(mention.index));
  if (mentions.length === 0) return [];
  const parts = clauses(message);
  // Thanks said in a sentence before the one that names the file ("Thank you. Next, X.") are for what
  // was done before; said with it or after it ("Good summary of X. Thanks!"), they are for X.
  const thanked = parts
    .filter((clause) => analyseWords(clause.text).some((word) => GRATITUDE.has(word)))
    .map((clause) => clause.sentence);
  const thanksFor = (clause: Clause) => thanked.some((sentence) => sentence >= clause.sentence);
  const readings: PathReading[] = [];
  // The verdict of the last clause in the sentence that has a verb and a path, for a list after it.
  let carried: { sentence: number; reason: NoReadReason | undefined } | undefined;
  for (const clause of parts) {
    const thanks = thanksFor(clause);
    const end = clause.start + clause.text.length;
    const inClause = mentions.filter((m) => m.index >= clause.start && m.index < end);
    if (inClause.length === 0) continue;
    const { tokens, at } = analyseClause(clause, inClause);
    const hasVerb = tokens.some(isVerbal);
    const continues =
      !hasVerb && carried !== undefined && carried.sentence === clause.sentence && !hasSequenceWord(tokens);
    inClause.forEach((mention, i) => {
      const own = at[i] === undefined ? undefined : tokens[at[i]];
      const reason = outsideWorkspace(mention.path)
        ? 'outside'
        : !continues
          ? noReadReason(tokens, at[i] ?? -1, thanks, clause.asks)
          : own?.negated
            ? 'negated'
            : carried?.reason;
      readings.push({ ...mention, read: reason === undefined, ...(reason ? { reason } : {}) });
    });
    if (hasVerb) {
      const reason = noReadReason(tokens, at[0] ?? -1, thanks, clause.asks);
      carried = { sentence: clause.sentence, reason };
    }
  }
  return readings;
}

/** A message's words in lower case, for a look-up that needs no tagging. */
function analyseWords(message: string): string[] {
  return message.toLowerCase().match(/[\p{L}']+/gu) ?? [];
}

/** The paths `message` asks to have read, in the order it names them. */
export function requestedReads(
  message: string,
  excluded: (index: number) => boolean = () => false,
): PathMention[] {
  return readPaths(message, excluded)
    .filter((reading) => reading.read)
    .map(({ path, index }) => ({ path, index }));
}
