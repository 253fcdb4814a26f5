/**
 * Statements of a change name the value left behind beside the one taken up: "we switch the kiln
 * from gas to electric", "the logs go to S3 instead of the NAS". Asked how things stand, the old
 * value is no part of the answer, and a reply that repeats it reads as if both still held. The
 * statement without it says the new value alone.
 */
import {
  ARRIVING_PREPOSITIONS,
  ARTICLES,
  CESSATION_PHRASES,
  CONTRASTING_WORDS,
  FIRST_PERSON_SUBJECTS,
  GIVING_UP_VERBS,
  LEAVING_PREPOSITIONS,
  NEGATED_CESSATION_PHRASES,
  QUESTION_PREPOSITIONS,
  REASON_CONJUNCTIONS,
  REPLACED_VALUE_MARKERS,
  RETRACTED_TOPIC_PREPOSITIONS,
  RETRACTION_PHRASES,
  SHIFT_VERBS,
  TURN_OPENERS,
  VERB_PARTICLES,
  SOURCE_PREPOSITIONS,
} from './lexicon.js';
import { followsComma, Phrases, wordsAt, type WordAt } from './phrases.js';
import { stem, STOP_WORDS } from './text.js';
import { canBeVerb } from './thesaurus.js';
import { isNegative } from './value-kinds.js';
import { CLAUSE_MARKS } from './value-spans.js';

const MARKERS = new Phrases(REPLACED_VALUE_MARKERS);
const CEASING = new Phrases([...CESSATION_PHRASES, ...NEGATED_CESSATION_PHRASES]);
const RETRACTIONS = new Phrases(RETRACTION_PHRASES);
const OPENERS = new Phrases(TURN_OPENERS);

/** The stems of the verbs of a change ("switched", "moves"). */
const SHIFT_STEMS: ReadonlySet<string> = new Set([...SHIFT_VERBS].map(stem));

/** The stems of the verbs of giving a thing up ("retiring", "dropped"). */
const GIVING_UP_STEMS: ReadonlySet<string> = new Set([...GIVING_UP_VERBS].map(stem));

/** The most words an old value takes: "from the old NAS box to …". */
const LONGEST_OLD_VALUE = 5;

/** Marks that end a clause, and with it the value a marker leaves behind. */
const CLAUSE_ENDS: ReadonlySet<string> = new Set([...CLAUSE_MARKS, '(', ')']);

/**
 * `sentence` without the value a change leaves behind: the phrase "instead of A" (or "rather than
 * A") to the end of its clause; the speaker's clause of giving A up ("we're dropping A, …"); or,
 * with a verb of change, the "from A" before "to B". Any other sentence as it is; so is one whose
 * phrase would run longer than an old value does.
 */
export function withoutOldValue(sentence: string): string {
  const old = oldValueAt(sentence);
  if (old === undefined) return sentence;
  const rest = cut(sentence, old.start, old.end);
  // An aside at the end that speaks of the old value again ("(gas is shut off)") goes with it.
  const open = rest.lastIndexOf('(');
  const aside = open < 0 ? '' : rest.slice(open);
  if (!closingAside(aside)) return rest;
  const oldWords = new Set(
    wordsAt(sentence.slice(old.start, old.end))
      .map(({ word }) => word)
      .filter((word) => !CONTRASTING_WORDS.has(word) && !LEADING_WORDS.has(word)),
  );
  const namesOld = wordsAt(aside).some(({ word }) => oldWords.has(word));
  return namesOld ? `${rest.slice(0, open).trimEnd()}${aside.trim().endsWith('.') ? '.' : ''}` : rest;
}

/** Where the value a change leaves behind is written in `sentence` (see `withoutOldValue`). */
function oldValueAt(sentence: string): { start: number; end: number } | undefined {
  const words = wordsAt(sentence);
  for (let at = 0; at < words.length; at++) {
    const hit = MARKERS.at(words, at);
    if (hit === undefined) continue;
    const end = clauseEnd(sentence, hit.end);
    const value = wordsAt(sentence.slice(hit.end, end));
    // A verb's "-ing" form after the marker leaves a way of doing things behind, however long its
    // phrase ("instead of typing every name into each machine").
    if (value.length > LONGEST_OLD_VALUE && !isGerund(value[0]?.word ?? '')) continue;
    return { start: hit.start, end };
  }
  const contrasted = contrastedValue(sentence, words);
  if (contrasted !== undefined) return contrasted;
  const givenUp = givingUpClause(sentence, words) ?? retractedClause(sentence, words);
  if (givenUp !== undefined) return givenUp;
  if (!words.some((word) => SHIFT_STEMS.has(stem(word.word)))) return undefined;
  for (const [at, word] of words.entries()) {
    if (!LEAVING_PREPOSITIONS.has(word.word)) continue;
    const goal = goalAfter(sentence, words, at);
    if (goal !== undefined) return { start: word.start, end: goal.start };
  }
  return undefined;
}

/** True for the "-ing" form of a verb WordNet lists ("typing", "running"). */
function isGerund(word: string): boolean {
  return word.endsWith('ing') && canBeVerb(word);
}

/**
 * How many words a value set against another after "not" takes, past the preposition and article
 * that repeat those of the new value: ", not to the kiln committee" sets "kiln committee" against it.
 */
function valueLength(text: string): number {
  const words = wordsAt(text);
  let start = 0;
  while (start < words.length && LEADING_WORDS.has(words[start]!.word)) start++;
  return words.length - start;
}

const LEADING_WORDS: ReadonlySet<string> = new Set([...ARTICLES, ...QUESTION_PREPOSITIONS]);

/**
 * The value a sentence sets its own against after a comma, with "not", to the end of the sentence:
 * ", not amd64" in "we build for arm64, not amd64". Undefined when there is none, or when what
 * follows "not" runs longer than an old value does ("…, not that anyone has asked us about it").
 */
function contrastedValue(
  sentence: string,
  words: readonly WordAt[],
): { start: number; end: number } | undefined {
  for (const [at, word] of words.entries()) {
    if (!CONTRASTING_WORDS.has(word.word) || !followsComma(sentence, words, at)) continue;
    const end = clauseEnd(sentence, word.end);
    // An aside in brackets may close the sentence after it, or a clause of reason: ", not gas (the
    // gas line is shut)", ", not gas, because the line is shut".
    const after = sentence.slice(end);
    if (!/^[.!]?\s*$/.test(after) && !closingAside(after) && !reasonAfter(after)) continue;
    if (valueLength(sentence.slice(word.end, end)) > LONGEST_OLD_VALUE) continue;
    return { start: words[at - 1]!.end, end };
  }
  return undefined;
}

/** True for text that opens with a comma and a conjunction of reason: ", because the line is shut". */
function reasonAfter(text: string): boolean {
  const said = wordsAt(text);
  return text.trimStart().startsWith(',') && REASON_CONJUNCTIONS.has(said[0]?.word ?? '');
}

/** True for text that is one aside in brackets and nothing after it but a full stop: " (… )." */
function closingAside(text: string): boolean {
  const trimmed = text.trim();
  const end = trimmed.endsWith('.') ? trimmed.length - 1 : trimmed.length;
  return trimmed.startsWith('(') && trimmed.charAt(end - 1) === ')' && trimmed.indexOf(')') === end - 1;
}

/**
 * The clause in which the speaker gives a thing up, when a clause that goes on after it says what
 * takes over: "we're scrapping the rota" in "we're scrapping the rota, a calendar books the kiln",
 * "ok, scrap the rota, …". It opens the sentence, follows a colon or only words that open a turn
 * ("hmm", "actually"; they go with it), and its subject is the speaker ("I", "we") with a verb of
 * giving up right after it or an auxiliary, or it is that verb, bidding. Undefined when there is none.
 */
function givingUpClause(
  sentence: string,
  words: readonly WordAt[],
): { start: number; end: number } | undefined {
  for (const [at, word] of words.entries()) {
    const speaker = word.word.split("'")[0] ?? '';
    const bidding = GIVING_UP_VERBS.has(word.word);
    if (!FIRST_PERSON_SUBJECTS.has(speaker) && !bidding) continue;
    const opening = turnOpening(words.slice(0, at), sentence.slice(0, word.start));
    if (opening === undefined) continue;
    const verbs = bidding
      ? [word]
      : words.slice(at + 1, at + 3).filter((next) => clauseEnd(sentence, word.end) > next.start);
    if (!verbs.some((verb) => GIVING_UP_STEMS.has(stem(verb.word)))) continue;
    const end = clauseEnd(sentence, word.end);
    const mark = sentence.charAt(end);
    if (mark !== ',' && mark !== ';') continue;
    // What takes over is a clause of its own: at least a subject and a verb.
    if (wordsAt(sentence.slice(end)).length < 3) continue;
    // Words that only opened the turn go with the clause they opened.
    return { start: opening?.start ?? word.start, end: end + 1 };
  }
  return undefined;
}

/**
 * What comes before a clause that opens the sentence: nothing or a colon (null), or only words that
 * open a turn and say nothing ("hmm", "ok, actually": the first of them). Undefined for anything else.
 */
function turnOpening(words: readonly WordAt[], before: string): WordAt | null | undefined {
  const text = before.trimEnd();
  if (text === '' || text.endsWith(':')) return null;
  let at = 0;
  while (at < words.length) {
    const opener = OPENERS.at(words, at);
    if (opener === undefined) return undefined;
    at = opener.after;
  }
  return words[0] ?? null;
}

/**
 * The clause in which the speaker takes back what they said of a thing, when a clause after it says
 * what holds now: "scratch that about the gas kiln" in "Scratch that about the gas kiln; we fire
 * in the electric one." It opens the sentence or follows a colon, names the thing after a
 * preposition of topic, and ends within an old value's length. Undefined when there is none.
 */
function retractedClause(
  sentence: string,
  words: readonly WordAt[],
): { start: number; end: number } | undefined {
  for (let at = 0; at < words.length; at++) {
    const hit = RETRACTIONS.at(words, at);
    if (hit === undefined) continue;
    const before = sentence.slice(0, hit.start).trimEnd();
    if (before !== '' && !before.endsWith(':')) continue;
    const topic = words.find((word) => word.start >= hit.end);
    if (topic === undefined || !RETRACTED_TOPIC_PREPOSITIONS.has(topic.word)) continue;
    const end = clauseEnd(sentence, topic.end);
    if (wordsAt(sentence.slice(topic.end, end)).length > LONGEST_OLD_VALUE) continue;
    // What holds now is a clause of its own after it.
    if (wordsAt(sentence.slice(end)).length < 2) continue;
    return { start: hit.start, end: Math.min(end + 1, sentence.length) };
  }
  return undefined;
}

/** The "to" of a "from A to B" whose "from" is word `at`: within an old value's length, in one clause. */
function goalAfter(sentence: string, words: readonly WordAt[], at: number): WordAt | undefined {
  const from = words[at]!;
  for (let next = at + 2; next < words.length && next <= at + LONGEST_OLD_VALUE + 1; next++) {
    const word = words[next]!;
    if (clauseEnd(sentence, from.end) < word.start) return undefined;
    if (ARRIVING_PREPOSITIONS.has(word.word)) return word;
  }
  return undefined;
}

/**
 * Where the clause that goes on at `from` ends: at its next mark of a clause's end, or at the end. A
 * mark between two digits is part of a number or a time ("02:30", "1.5").
 */
function clauseEnd(sentence: string, from: number): number {
  for (let at = from; at < sentence.length; at++) if (endsClauseAt(sentence, at)) return at;
  return sentence.length;
}

/** True when the character at `at` ends a clause: a mark of a clause's end not between two digits. */
function endsClauseAt(sentence: string, at: number): boolean {
  return (
    CLAUSE_ENDS.has(sentence.charAt(at)) &&
    !(isDigit(sentence.charAt(at - 1)) && isDigit(sentence.charAt(at + 1)))
  );
}

/** True for a character that is a decimal digit. */
function isDigit(character: string): boolean {
  return character >= '0' && character <= '9';
}

/** The clauses of `sentence`, as its marks of a clause's end part them. */
export function clausesOf(sentence: string): string[] {
  const clauses: string[] = [];
  let start = 0;
  for (let at = 0; at <= sentence.length; at++) {
    if (at < sentence.length && !endsClauseAt(sentence, at)) continue;
    const clause = sentence.slice(start, at).trim();
    if (clause !== '') clauses.push(clause);
    start = at + 1;
  }
  return clauses;
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
  // A bracket that opens an aside keeps the space before it.
  const joined =
    after.startsWith(' ') || after === '' || (CLAUSE_ENDS.has(after.charAt(0)) && !after.startsWith('('));
  return `${before}${joined ? '' : ' '}${after}`;
}

/**
 * `sentence` without its clauses after the first that speak only of what an earlier statement said
 * (`replaced`, its stems): "the tub is out" in "I'll bring it in a jar instead; the tub is out".
 * A clause speaks only of it when every one of its words but function words and particles ("the",
 * "is", "out") is one the earlier statement said.
 */
export function withoutReplacedClauses(sentence: string, replaced: ReadonlySet<string>): string {
  let kept = sentence.slice(0, clauseEnd(sentence, 0));
  let start = kept.length;
  while (start < sentence.length) {
    const end = clauseEnd(sentence, start + 1);
    const said = wordsAt(sentence.slice(start + 1, end))
      .map(({ word }) => word)
      .filter((word) => !STOP_WORDS.has(word) && !VERB_PARTICLES.has(word));
    if (said.length === 0 || !said.every((word) => replaced.has(stem(word))))
      kept += sentence.slice(start, end);
    start = end;
  }
  if (kept.length === sentence.length) return sentence;
  // The full stop went with the last clause.
  const ended = kept.trimEnd();
  return sentence.trimEnd().endsWith('.') && !ended.endsWith('.') ? `${ended}.` : ended;
}

/** True for the stem of a verb of change ("switch", "change"). */
export function isChangeStem(stemmed: string): boolean {
  return SHIFT_STEMS.has(stemmed);
}

/** True when `sentence` states a change: a verb of change, or a value it leaves behind. */
export function statesChange(sentence: string): boolean {
  const words = wordsAt(sentence);
  return words.some((word, at) => SHIFT_STEMS.has(stem(word.word)) || MARKERS.at(words, at) !== undefined);
}

/**
 * True when a clause of `sentence` says something holds no more: "we no longer fire on Sundays",
 * "we're not using the gas kiln any more". Such a statement says what was, not what is.
 */
export function saysCeased(sentence: string): boolean {
  return clausesOf(sentence).some((clause) => {
    const words = wordsAt(clause);
    // "No longer" says no itself; "any more" only in a clause that does.
    return isNegative(clause) && words.some((_, at) => CEASING.at(words, at) !== undefined);
  });
}

/**
 * The words of the value a statement of a change leaves behind, lower case: "moved from Orton to
 * Bartlett" leaves "orton" behind. None for a statement that names no old value.
 */
export function leftBehind(sentence: string): string[] {
  const old = oldValueAt(sentence);
  return old === undefined ? [] : wordsAt(sentence.slice(old.start, old.end)).map(({ word }) => word);
}

/**
 * True when a question asks what a change left behind: "Which glaze did we switch from?", "… instead
 * of what?".
 */
export function asksOldValue(question: string): boolean {
  const words = wordsAt(question);
  return words.some(({ word }, at) => SOURCE_PREPOSITIONS.has(word) || MARKERS.at(words, at) !== undefined);
}
