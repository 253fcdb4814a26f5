/**
 * Whether a visible sentence answers a question. A sentence must cover most of the question's key
 * words; a few words that name the kind of value asked for ("number", "name", "time") are covered by
 * a value of that kind, and a handful of near-synonyms meet. Anything less and the reader abstains,
 * which is what makes a missing fact show as "I don't know" rather than as a near miss.
 */
import { askedText } from './dialogue-act.js';
import {
  ABSENCE_WORDS,
  ACCOMPANYING_PREPOSITIONS,
  INDEFINITE_ABSENCE,
  ANSWER_GROUPS,
  BOUND_PREFIXES,
  CLOCK_WORDS,
  COMPLEX_CONJUNCTIONS,
  COMPLEX_PREPOSITIONS,
  REASON_QUESTION_PHRASES,
  CONDITIONAL_CONJUNCTIONS,
  GENERIC_TIME_CONJUNCTIONS,
  BE_FORMS,
  PAST_FINITE_AUXILIARIES,
  PERFECT_AUXILIARIES,
  EARLIEST_PHRASES,
  FIGURE_ASKING_WORDS,
  KIND_NOUNS,
  LATEST_PHRASES,
  TIME_ADVERBS,
  MODALS,
  MONTHS,
  NAME_ASKING_WORDS,
  NEGATIVE_CLITICS,
  NON_FINITE_BE_FORMS,
  PARTITIVE_PREPOSITIONS,
  PLURAL_REFERRING_PRONOUNS,
  PRIMARY_AUXILIARIES,
  QUESTION_PREPOSITIONS,
  SUBJECT_PRONOUNS,
  RECENT_PHRASES,
  REFERRING_PRONOUNS,
  RELATIVE_DAYS,
  SPECIFYING_VERBS,
  TIME_ALTERNATIVES,
  TIME_ASKING_WORDS,
  TIME_CONJUNCTIONS,
  WEEKDAYS,
  WH_DETERMINERS,
  WH_WORDS,
} from './lexicon.js';
import { durationSpans } from './time-values.js';
import { tokens, type Token } from './nlp.js';
import { addressSpans, codeNameSpans, commandOptionSpans, numberSpans, shortOptions } from './value-kinds.js';
import { isKnownWord, withVerbsAfterSubjects } from './thesaurus.js';
import { Phrases, plainTokensAt, type PhraseHit, type WordAt } from './phrases.js';
import { wordsOf } from './value-spans.js';
import {
  COMMON_VERB_STEMS,
  contentStems,
  findPaths,
  stemSet,
  withFormatsAsWords,
  words,
  type StemMemo,
} from './text.js';
import { withLeadingParts } from './releases.js';

/** Words that name a day or a time of day, each also in the plural ("tomorrow", "mornings"). */
const DAY_WORDS = new Phrases([...RELATIVE_DAYS, ...CLOCK_WORDS].flatMap((word) => [word, `${word}s`]));

/** The names of weekdays and months, each also in the plural ("Mondays"). */
const CALENDAR_NAMES: ReadonlySet<string> = new Set(
  [...WEEKDAYS, ...MONTHS].flatMap((word) => [word, `${word}s`]),
);

/**
 * True when `sentence` names a weekday or a month, written with its capital as English writes them:
 * "in May" names a month, "you may set" does not.
 */
function namesCalendarDay(sentence: string): boolean {
  return wordsOf(sentence).some((word) => CALENDAR_NAMES.has(word.lower) && word.text !== word.lower);
}

/** The stems of a list of words. */
function stemsOf(list: ReadonlySet<string>): ReadonlySet<string> {
  return stemSet([...list].join(' '));
}

/** True when a sentence holds a figure, which a question of a number or a measure may want. */
export function holdsFigure(sentence: string): boolean {
  return /\d/.test(sentence);
}

/** Question words a value of the right kind answers, whatever words the sentence uses. */
const VALUE_KINDS: readonly { stems: ReadonlySet<string>; present: (sentence: string) => boolean }[] = [
  {
    stems: stemsOf(FIGURE_ASKING_WORDS),
    present: holdsFigure,
  },
  {
    stems: stemsOf(NAME_ASKING_WORDS),
    // A proper name (a capitalised word that does not merely start the sentence), or a name as code
    // writes it ("command_not_found", `retryLimit`).
    present: (sentence) =>
      /\s\p{Lu}[\p{L}'-]+/u.test(sentence.replace(/^[-*+]\s+/, '')) || codeNameSpans(sentence).length > 0,
  },
  {
    stems: stemsOf(TIME_ASKING_WORDS),
    // A clock time or an ISO date, or a word for a day or a time of day.
    present: (sentence) =>
      /\d{1,2}[:.]\d{2}|\d{4}-\d{2}-\d{2}/.test(sentence) ||
      DAY_WORDS.inPlain(sentence) ||
      namesCalendarDay(sentence),
  },
  {
    // The nouns that ask for a span ("duration", "period"): a span of time says it ("seven weeks").
    stems: stemsOf(KIND_NOUNS.duration),
    present: (sentence) => durationSpans(sentence).length > 0,
  },
  {
    // The nouns that ask for an address ("IP address", "URL"): an address says it ("10.0.0.7").
    stems: stemsOf(KIND_NOUNS.address),
    present: (sentence) => addressSpans(sentence).length > 0,
  },
];

/** Small groups of words that answer the same question, as stems (see the lexicon). */
const SYNONYMS: readonly ReadonlySet<string>[] = ANSWER_GROUPS.map(stemSet);
/** For each stem of a group, the groups it belongs to. */
const GROUPS_OF: ReadonlyMap<string, readonly ReadonlySet<string>[]> = (() => {
  const index = new Map<string, ReadonlySet<string>[]>();
  for (const group of SYNONYMS)
    for (const stem of group) index.set(stem, [...(index.get(stem) ?? []), group]);
  return index;
})();

/** A visible sentence prepared for matching. */
export interface Candidate {
  text: string;
  stems: ReadonlySet<string>;
  /** Key words the sentence meets through a word of like meaning ("attempts" for "tries"). */
  alike?: ReadonlySet<string>;
  /** Its content words' stems in order, for words said together (see `saysTogether`). */
  sequence?: readonly string[];
  /**
   * Key words it speaks of by where it stands rather than by what it says: the things a question
   * names that the name of its file names. The rest of the key must be covered without them.
   */
  scope?: ReadonlySet<string>;
}

/**
 * Prepares one sentence for matching. A release number ("5.0.0", "v18.2") also meets its leading
 * parts ("5", "5.0", "18"), as a person names a release by its major number ("Python 3").
 */
export function toCandidate(text: string, memo?: StemMemo): Candidate {
  const sequence = contentStems(text, memo);
  const parts = contentStems([...identifierWords(text), ...optionWords(text)].join(' '), memo);
  const stems = sequence.flatMap((stem) => [...withLeadingParts(stem), ...nameAndNumber(stem)]);
  return { text, stems: new Set([...stems, ...parts, ...shortOptions(text)]), sequence };
}

/**
 * The words an option's name joins to a prefix ("--nonblock": block, "--unbuffered": buffered): the
 * option is named for what it turns off or changes, as a person says it ("instead of blocking").
 */
export function optionWords(text: string): string[] {
  const found: string[] = [];
  for (const { text: option } of commandOptionSpans(text)) {
    for (const word of words(option)) {
      const prefix = [...BOUND_PREFIXES].find((prefix) => word.startsWith(prefix));
      const rest = prefix === undefined ? '' : word.slice(prefix.length);
      if (rest.length >= LEAST_JOINED_WORD && isKnownWord(rest)) found.push(rest);
    }
  }
  return found;
}

/** The fewest letters of a word an option's name joins to a prefix. */
const LEAST_JOINED_WORD = 3;

/**
 * A name written solid with its number ("RFC5424", "sha512", "ES2015") also says the name and the
 * number apart, as a person writes them ("which RFC", "SHA 512").
 */
export function nameAndNumber(word: string): string[] {
  const match = /^(\p{L}{2,})(\p{N}+)$/u.exec(word);
  return match?.[1] === undefined || match[2] === undefined ? [] : [match[1], match[2]];
}

/**
 * The words that names written as code join ("AllowKilnVenting", `skip_lib_check`, `cache.maxSize`):
 * allow, kiln, venting; a text names a setting by its identifier, a person by its words.
 */
export function identifierWords(text: string): string[] {
  const found: string[] = [];
  for (const { text: name } of codeNameSpans(text)) {
    let word = '';
    let previous = '';
    for (const char of name) {
      const lower = char.toLowerCase();
      const letter = lower !== char.toUpperCase();
      const upper = letter && char !== lower;
      // A capital after a small letter starts a word; so does any mark that is no letter.
      if (!letter || (upper && previous !== '' && previous === previous.toLowerCase())) {
        if (word.length > 1) found.push(word);
        word = '';
      }
      if (letter) word += lower;
      previous = letter ? char : '';
    }
    if (word.length > 1) found.push(word);
  }
  return found;
}

/**
 * True when a sentence says stems `a` and `b` next to each other, as a question may ("kiln shelf"), in
 * either order: a question puts its words in another order than a statement ("the kiln, by default,
 * vents" against "by default, the kiln …").
 */
export function saysTogether(candidate: Candidate, a: string, b: string): boolean {
  return nextToEachOther(candidate.sequence ?? [], a, b);
}

/** True when `a` and `b` stand next to each other in `sequence`, in either order. */
export function nextToEachOther(sequence: readonly string[], a: string, b: string): boolean {
  for (let i = 0; i + 1 < sequence.length; i++) {
    if (sequence[i] === a && sequence[i + 1] === b) return true;
    if (sequence[i] === b && sequence[i + 1] === a) return true;
  }
  return false;
}

/**
 * The key words of a prompt's question: the stems of its question sentences (all of it when none ends
 * with `?`), leaving out file paths, which name where to look rather than what is asked.
 */
export function questionKey(prompt: string): string[] {
  return keyOfAsked(askedText(prompt));
}

/** The key words of what a question asks (its `askedText`). */
export function keyOfAsked(asked: string): string[] {
  const text = withoutPhrases(
    REASON_QUESTION,
    withoutPhrases(COMPLEX_PREPOSITION, withoutPhrases(TIME_PHRASE, withoutTimeClause(asked))),
  );
  // An extension that names a format ("a .pot file") is a word, not a path.
  const withoutPaths = withFormatsAsWords(text)
    .split(/\s+/)
    .filter((word) => findPaths(word).length === 0)
    .join(' ');
  // A prefix written apart from its word ("re-read", "pre-built") says nothing without it.
  return [...new Set(contentStems(withoutPaths))].filter((stem) => !BOUND_PREFIXES.has(stem));
}

/** Phrases that place a question in time, by the answers they want. */
export const LATEST_PHRASE = new Phrases(LATEST_PHRASES);
export const EARLIEST_PHRASE = new Phrases(EARLIEST_PHRASES);
export const RECENT_PHRASE = new Phrases(RECENT_PHRASES);
// Of those, the phrases of several words ("in the end", "at the start") leave the key; a single word
// ("first", "now") may still be what a question is about ("the first release").
// So does a word that can only be an adverb ("finally", "lately").
const TIME_PHRASE = new Phrases([
  ...[...LATEST_PHRASES, ...EARLIEST_PHRASES, ...RECENT_PHRASES].filter((phrase) => phrase.includes(' ')),
  ...TIME_ADVERBS,
]);

/**
 * Prepositions of several words ("relative to") and conjunctions ("by the time"), which leave the key
 * as a whole.
 */
const COMPLEX_PREPOSITION = new Phrases([...COMPLEX_PREPOSITIONS, ...COMPLEX_CONJUNCTIONS]);

/** Questions of several words that ask why ("how come"), which leave the key as a whole. */
const REASON_QUESTION = new Phrases(REASON_QUESTION_PHRASES);

/**
 * The tokens of `text` that lie outside its conditions: a clause opened by "if" or "unless" runs to
 * its comma, or to the end. A time phrase there says what is supposed ("if the glaze crazes at
 * first, …"), not which of several answers is wanted.
 */
export function outsideConditions(text: string, tokens: readonly WordAt[] = plainTokensAt(text)): WordAt[] {
  const kept: WordAt[] = [];
  // Read for its tense only when a conjunction of time may open a clause of its own.
  let generic: boolean | undefined;
  const isGeneric = () => (generic ??= !speaksOfThePast(text));
  let until = -1;
  for (const [at, token] of tokens.entries()) {
    if (token.start < until) continue;
    const timed = GENERIC_TIME_CONJUNCTIONS.has(token.word) && opensClause(tokens, at, text) && isGeneric();
    if (CONDITIONAL_CONJUNCTIONS.has(token.word) || timed) {
      const comma = text.indexOf(',', token.end);
      until = comma < 0 ? text.length : comma;
      continue;
    }
    kept.push(token);
  }
  return kept;
}

/**
 * The stems of the words a question says only inside its conditions ("if the kiln is still damp, …":
 * damp), not elsewhere in it.
 */
export function supposedStems(text: string): ReadonlySet<string> {
  const all = plainTokensAt(text);
  const outside = new Set(outsideConditions(text, all));
  const stemsOf = (tokens: readonly WordAt[]) => tokens.flatMap((token) => contentStems(token.word));
  const said = new Set(stemsOf([...outside]));
  return new Set(stemsOf(all.filter((token) => !outside.has(token))).filter((stem) => !said.has(stem)));
}

/**
 * The stem of the verb of giving a value that a condition of the question denies ("if we don't give
 * it a ramp", "if nobody picks one", "without saying how long"): what happens then is what holds
 * by default, which a text says in words of its own ("defaults to"). Undefined when no condition
 * denies one; "if the kiln is not firing" denies a state, not a value given.
 */
export function deniedInCondition(text: string): ReadonlySet<string> | undefined {
  const all = plainTokensAt(text);
  const outside = new Set(outsideConditions(text, all));
  const clauses: WordAt[][] = [];
  for (const [at, token] of all.entries()) {
    if (outside.has(token)) continue;
    if (at > 0 && !outside.has(all[at - 1]!)) clauses.at(-1)!.push(token);
    else clauses.push([token]);
  }
  let denied: Set<string> | undefined;
  for (const clause of clauses) {
    const read = withVerbsAfterSubjects(tokens(text.slice(clause[0]!.start, clause.at(-1)!.end)));
    const negation = read.findIndex(
      (token) => ABSENCE_WORDS.has(token.lemma) || NEGATIVE_CLITICS.has(token.value.toLowerCase()),
    );
    const verb = read.slice(negation + 1).find((token) => token.pos === 'VERB');
    if (negation < 0 || verb === undefined || !SPECIFYING_VERBS.has(verb.lemma)) continue;
    denied ??= new Set();
    for (const stem of contentStems(verb.value)) denied.add(stem);
  }
  return denied;
}

/** The most words from a word of absence to the noun it denies ("no | explicit ramp"). */
const DENIED_NOUN_REACH = 3;

/** What a question says is left out: the stems of the things, and of the verbs of not giving them. */
export interface LeftOut {
  things: ReadonlySet<string>;
  verbs: ReadonlySet<string>;
}

/**
 * What a question says is left out of a command or a setting when it asks what happens then
 * ("kilnctl with no ramp", "without a cone", "no shelf, no cone given", "with nothing after it"):
 * what holds then is the default, which a text says in words of its own. Undefined when it leaves
 * nothing out; "why is there no output?" only denies that a thing is there.
 */
export function deniedArgument(text: string): LeftOut | undefined {
  const read = withVerbsAfterSubjects(tokens(text));
  let denied: { things: Set<string>; verbs: Set<string> } | undefined;
  for (const [at, token] of read.entries()) {
    const word = token.value.toLowerCase();
    if (!ABSENCE_WORDS.has(word)) continue;
    // The noun it denies, past the words that describe it ("no explicit ramp").
    let noun: number | undefined;
    for (let next = at + 1; next < read.length && next <= at + DENIED_NOUN_REACH; next++) {
      const pos = read[next]!.pos;
      if (pos === 'NOUN' || pos === 'PROPN') {
        noun = next;
        break;
      }
      if (pos !== 'ADJ' && pos !== 'DET') break;
    }
    // "With no ramp", "without a cone", "with nothing": left out of what the command is given.
    const accompanying =
      word === 'without' || ACCOMPANYING_PREPOSITIONS.has(read[at - 1]?.value.toLowerCase() ?? '');
    // "No cone given", "no shelf set": said not to be given.
    const after = read[(noun ?? at) + 1];
    const ungiven = noun !== undefined && after?.pos === 'VERB' && SPECIFYING_VERBS.has(after.lemma);
    if (!accompanying && !ungiven) continue;
    if (noun === undefined && !INDEFINITE_ABSENCE.has(word)) continue;
    denied ??= { things: new Set(), verbs: new Set() };
    for (const stem of noun === undefined ? [] : contentStems(read[noun]!.value)) denied.things.add(stem);
    if (ungiven) for (const stem of contentStems(after.value)) denied.verbs.add(stem);
  }
  return denied;
}

/**
 * True when a question speaks of what happened: a past form of "be", "do" or "have" ("did", "were"),
 * or a verb in a past form ("fired", "ran"; not the participle of "have modified" or "is set"). One
 * that does not speaks of what holds in general, or will.
 */
export function speaksOfThePast(question: string): boolean {
  const read = tokens(question);
  return read.some((token, at) => {
    const form = token.value.toLowerCase();
    if (token.pos === 'AUX') return PAST_FINITE_AUXILIARIES.has(form);
    if (token.pos !== 'VERB' || form === token.lemma || form.endsWith('s') || form.endsWith('ing'))
      return false;
    const before = read[at - 1]?.lemma ?? '';
    return !PERFECT_AUXILIARIES.has(before) && !BE_FORMS.has(before);
  });
}

/**
 * True when the conjunction at `at` opens a clause with a verb of its own ("when a reviewer asks",
 * "before shipping it"), not a phrase ("after the change") or a question word ("when does …").
 */
function opensClause(words: readonly WordAt[], at: number, text: string): boolean {
  const end = text.indexOf(',', words[at]?.end ?? 0);
  const clause = text.slice(words[at]?.end ?? 0, end < 0 ? text.length : end);
  const read = withVerbsAfterSubjects(tokens(clause));
  // "Since which release …" asks from a preposition: a question word opens no clause of time.
  if (read[0] === undefined || read[0].pos === 'AUX' || WH_WORDS.has(read[0].lemma)) return false;
  // A verb that a determiner does not make a noun of ("before a restore" names a thing).
  return read.some((token, i) => token.pos === 'VERB' && !NOUN_MAKERS.has(read[i - 1]?.pos ?? ''));
}

/** Parts of speech after which a word tagged a verb is the noun of a phrase ("a restore"). */
const NOUN_MAKERS: ReadonlySet<string> = new Set(['DET', 'ADJ']);

/** `text` with each hit of `phrases` put as a space. */
function withoutPhrases(phrases: Phrases, text: string): string {
  const words = plainTokensAt(text);
  // "At the end of the queue" names a place: a phrase the partitive "of" follows stays.
  // A time phrase inside a condition ("if this is the first time the kiln cracks, …") is part of what
  // the question supposes, which a text says too; it does not pick the earliest or latest answer (see
  // `outsideConditions`), so its words stay.
  const outside = phrases === TIME_PHRASE ? new Set(outsideConditions(text, words)) : undefined;
  const hits: PhraseHit[] = phrases
    .findAll(text, words)
    .filter(
      (hit) =>
        outside === undefined ||
        (!PARTITIVE_PREPOSITIONS.has(words[hit.after]?.word ?? '') && outside.has(words[hit.first]!)),
    );
  let out = '';
  let from = 0;
  for (const hit of hits) {
    out += `${text.slice(from, hit.start)} `;
    from = hit.end;
  }
  return out + text.slice(from);
}

/**
 * The word a question uses for the kind of answer it wants, if any: "what colour is ...", "at which
 * port does ...". When nothing visible says that word, it is no subject to match ("colour" against
 * "The sky is green"); when something does, it is ("which station is configured" against "station: X").
 */
export function answerKindStem(question: string): string | undefined {
  const opening = kindAtStart(question);
  if (opening !== undefined) return opening;
  // A clause or phrase set off by a comma may come first ("When the kiln cools, which shelf …",
  // "In the morning, which gate …"): the question proper opens after it.
  for (let comma = question.indexOf(','); comma >= 0; comma = question.indexOf(',', comma + 1)) {
    const found = kindAtStart(question.slice(comma + 1).trimStart());
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The word for the kind of answer wanted, when `question` opens with it ("which port does …"). */
function kindAtStart(question: string): string | undefined {
  const tokens = plainTokensAt(question);
  // At its start (only spaces come before the first token), an opening preposition ("at which …") may come first.
  const wh = QUESTION_PREPOSITIONS.has(tokens[0]?.word ?? '') && spaced(question, tokens, 0) ? 1 : 0;
  const kind = tokens[wh + 1];
  const verb = tokens[wh + 2]?.word ?? '';
  const opens =
    WH_DETERMINERS.has(tokens[wh]?.word ?? '') &&
    spaced(question, tokens, wh) &&
    kind !== undefined &&
    LETTERS.test(kind.word) &&
    spaced(question, tokens, wh + 1) &&
    ((PRIMARY_AUXILIARIES.has(verb) && !NON_FINITE_BE_FORMS.has(verb)) ||
      MODALS.has(verb) ||
      // Not inverted, its subject a pronoun: "in which cabinet we keep the glazes?".
      SUBJECT_PRONOUNS.has(verb));
  return opens ? contentStems(kind.word)[0] : undefined;
}

/** A word of letters a to z only. */
const LETTERS = /^[a-z]+$/;

/** True when token `index` of `text` is followed by spaces and then a further token. */
function spaced(text: string, tokens: readonly WordAt[], index: number): boolean {
  const token = tokens[index];
  const next = tokens[index + 1];
  return (
    token !== undefined &&
    next !== undefined &&
    next.start > token.end &&
    text.slice(token.end, next.start).trim() === ''
  );
}

const TIME_CHOICE = new Phrases(TIME_ALTERNATIVES);

/**
 * A question without a clause that only places it in time ("... before the kiln was fired", "After the
 * review, ..."): the clause chooses between earlier and later answers, it is no subject.
 */
function withoutTimeClause(question: string): string {
  const tokens = plainTokensAt(question);
  // "Before or after the files run?" asks which of the two: its clause is what is asked.
  if (TIME_CHOICE.find(question, 0, tokens) !== undefined) return question;
  // The clause may come first ("Before we fired the kiln, …"), set off by its comma: what follows is a
  // question of its own.
  const opened = withoutOpeningClause(question);
  // Or last ("… before the kiln was fired?"): what is left must still say what is asked, since "who
  // looks after the garden" is no "who looks".
  const cut = withoutClosingClause(opened, plainTokensAt(opened));
  if (contentStems(cut).length > 1) return cut;
  return opened !== question && contentStems(opened).length > 0 ? opened : question;
}

/**
 * `question` without a closing time clause: from the first conjunction of time that follows a space
 * and after which no comma comes, nor a question mark but a last one, which is kept.
 */
function withoutClosingClause(question: string, tokens: readonly WordAt[]): string {
  for (const token of tokens) {
    if (token.start === 0 || question.charAt(token.start - 1).trim() !== '') continue;
    if (!TIME_CONJUNCTIONS.has(token.word)) continue;
    const rest = question.slice(token.end);
    const mark = rest.indexOf('?');
    if (mark >= 0 && mark !== rest.length - 1) continue;
    // A comma, a colon or a semicolon ends the clause, and the question goes on after it: "If it comes
    // after the file, what …?", "Before I forget: which file …?".
    if (clauseEnd(rest) >= 0) continue;
    // "… give up after a set number of hits", "… after 30 seconds": a count or a span says when the
    // thing asked about acts, not when the question is placed.
    if (measures(rest)) continue;
    return question.slice(0, token.start).trimEnd() + (mark >= 0 ? '?' : '');
  }
  return question;
}

/** The nouns of a count or of a span: "a set number of hits", "the timeout". */
const MEASURING_NOUNS: ReadonlySet<string> = new Set([...KIND_NOUNS.number, ...KIND_NOUNS.duration]);

/**
 * True when `text` counts or measures something: "a set number of hits", "30 seconds", "ten tries".
 * A dotted number ("since 2.0.0") is a release, which places a question as a date does.
 */
function measures(text: string): boolean {
  return (
    durationSpans(text).length > 0 ||
    numberSpans(text).some((span) => !span.text.includes('.')) ||
    plainTokensAt(text).some((token) => MEASURING_NOUNS.has(token.word))
  );
}

/**
 * `question` without the clauses that only place it in time, at its start or its end ("… before the
 * kiln was fired?"), whatever is left.
 */
export function withoutTimeClauses(question: string): string {
  const opened = withoutOpeningClause(question);
  return withoutClosingClause(opened, plainTokensAt(opened));
}

/**
 * `question` without an opening time clause: from its first word, a conjunction of time, to the comma,
 * colon or semicolon that ends it.
 */
function withoutOpeningClause(question: string): string {
  const first = plainTokensAt(question)[0];
  // Its first token: only spaces come before it.
  if (first === undefined || !TIME_CONJUNCTIONS.has(first.word)) return question;
  const rest = question.slice(first.end);
  const end = clauseEnd(rest);
  const mark = rest.indexOf('?');
  if (end < 0 || (mark >= 0 && mark < end)) return question;
  const after = rest.slice(end + 1).trimStart();
  // "Before I pass on files I've modified, what must I do to them?": the clause names what the
  // question's pronoun stands for, so it says what is asked about, not only when.
  return namesReferent(rest.slice(0, end), after) ? question : after;
}

/**
 * True when a pronoun of `question` that stands for a thing ("it", "them") finds no noun of its
 * number before it there, and `clause`, said before the question, has one: "files" for "them".
 */
function namesReferent(clause: string, question: string): boolean {
  const read = tokens(question);
  const at = read.findIndex((token) => REFERRING_PRONOUNS.has(token.value.toLowerCase()));
  if (at < 0) return false;
  const plural = PLURAL_REFERRING_PRONOUNS.has(read[at]!.value.toLowerCase());
  const agrees = (token: Token) =>
    token.pos === 'NOUN' && (token.value.toLowerCase() !== token.lemma) === plural;
  return !read.slice(0, at).some(agrees) && tokens(clause).some(agrees);
}

/** Where the first mark that ends a clause within a question stands in `text`, or -1. */
function clauseEnd(text: string): number {
  const at = CLAUSE_END_MARKS.map((mark) => text.indexOf(mark)).filter((index) => index >= 0);
  return at.length === 0 ? -1 : Math.min(...at);
}

/** The marks that end a clause within a question: a comma, a colon, a semicolon. */
const CLAUSE_END_MARKS: readonly string[] = [',', ':', ';'];

/** How a key word is met by a sentence: by the word, a synonym, a value of its kind, or not. */
function meet(stem: string, candidate: Candidate): 'word' | 'synonym' | 'kind' | undefined {
  if (candidate.stems.has(stem)) return 'word';
  for (const group of GROUPS_OF.get(stem) ?? []) {
    for (const other of group) if (candidate.stems.has(other)) return 'synonym';
  }
  if (candidate.alike?.has(stem)) return 'synonym';
  for (const kind of VALUE_KINDS) {
    if (kind.stems.has(stem) && kind.present(candidate.text)) return 'kind';
  }
  return undefined;
}

const MEET_WEIGHT = { word: 1, synonym: 0.75, kind: 0.5 } as const;

/** How much of a key word a sentence says: 1 by the word, less by a synonym or a value of its kind. */
export function meetWeight(stem: string, candidate: Candidate): number {
  const how = meet(stem, candidate);
  return how === undefined ? 0 : MEET_WEIGHT[how];
}

export function isKindWord(stem: string): boolean {
  return VALUE_KINDS.some((kind) => kind.stems.has(stem));
}

function coversWeight(
  subject: readonly string[],
  met: ReadonlyMap<string, unknown>,
  weights: ReadonlyMap<string, number>,
): boolean {
  let total = 0;
  let covered = 0;
  for (const stem of subject) {
    if (COMMON_VERB_STEMS.has(stem)) continue;
    const weight = weights.get(stem) ?? 0;
    total += weight;
    if (met.get(stem) !== undefined) covered += weight;
  }
  return total <= 0 || covered * 2 >= total;
}

/** True for a key word that is not one naming the kind of value asked for. */
export function isSubjectWord(stem: string): boolean {
  return !isKindWord(stem);
}

/** True when a word belongs to a group of near-synonyms. */
export function hasSynonyms(stem: string): boolean {
  return GROUPS_OF.has(stem);
}

/** The key's subject words: all but those naming the kind of value asked for. */
export function subjectWords(key: readonly string[]): string[] {
  return key.filter((stem) => !isKindWord(stem));
}

/**
 * How well a sentence covers the key (met words weighted by how they were met, over the key's size),
 * or undefined when it does not answer. The key's subject
 * words (all but the value-kind words) must be met more than half, at least one of them by more than
 * a common verb; a value-kind word, when the question has one, must be met too (by the word or by a
 * value of its kind); and the sentence must say something the question does not (an answer adds a
 * value, unless the question is `polar`, a yes or no). "Who is the choir director called?" is not
 * answered by a sentence about the choir alone.
 * With `weights`, the subject words it meets must also carry at least half of their weight.
 */
export function coverage(
  key: readonly string[],
  candidate: Candidate,
  weights?: ReadonlyMap<string, number>,
  polar = false,
): number | undefined {
  const { scope } = candidate;
  if (scope !== undefined && key.some((stem) => !scope.has(stem))) {
    const rest = key.filter((stem) => !scope.has(stem));
    return coverage(rest, { ...candidate, scope: undefined }, weights, polar);
  }
  const subject = subjectWords(key);
  const kinds = key.filter(isKindWord);
  const met = new Map(key.map((stem) => [stem, meet(stem, candidate)] as const));
  // A sentence that says the word beats one that merely holds a value of its kind.
  let total = 0;
  for (const how of met.values()) total += how === undefined ? 0 : MEET_WEIGHT[how];
  if (weights && !coversWeight(subject, met, weights)) return undefined;
  if (subject.length > 0) {
    const subjectMet = subject.filter((stem) => met.get(stem) !== undefined);
    // Common verbs ("go", "have") say little: more than half of the other subject words must be met.
    const telling = subject.filter((stem) => !COMMON_VERB_STEMS.has(stem));
    const tellingMet = telling.filter((stem) => met.get(stem) !== undefined);
    if (
      telling.length > 0 ? tellingMet.length * 2 <= telling.length : subjectMet.length * 2 <= subject.length
    ) {
      return undefined;
    }
    // A synonym group holds no common verb on the sentence's side ("working" is met by "task").
    const meaningful = subjectMet.some((stem) => met.get(stem) === 'synonym' || !COMMON_VERB_STEMS.has(stem));
    if (!meaningful) return undefined;
    if (kinds.length > 0 && !kinds.some((stem) => met.get(stem) !== undefined)) return undefined;
  } else {
    // Only value-kind words ("what is the port?"): the sentence must name them, not merely hold a value.
    const named = kinds.filter((stem) => met.get(stem) === 'word').length;
    if (named * 2 <= kinds.length) return undefined;
  }
  // A yes-or-no question is answered by the sentence's polarity; any other must learn a value.
  if (!polar && ![...candidate.stems].some((stem) => !key.includes(stem))) return undefined;
  return total / key.length;
}
