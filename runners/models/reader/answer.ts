/**
 * Answering a question from what the request shows, and nothing else: the sentence that covers the
 * question's key words best (the latest for "now" questions, the earliest for "first" ones), or "I
 * don't know" when no visible sentence covers them. With this, a score measures whether the
 * information reached the model.
 */
import type { Message } from '../../../engine/index.js';
import { visibleTexts } from './message-views.js';
import {
  holdsCount,
  holdsLabel,
  holdsType,
  deniedStems,
  isNegative,
  questionShape,
  saysNoneOf,
  pointsBackTo,
  namesOne,
  type QuestionShape,
  holdsAfter,
} from './answer-types.js';
import {
  answerKindStem,
  coverage,
  hasSynonyms,
  holdsFigure,
  isKindWord,
  isSubjectWord,
  keyOfAsked,
  saysTogether,
  supposedStems,
  deniedArgument,
  deniedInCondition,
  toCandidate,
} from './match.js';
import { releasesOf, underAnotherRelease } from './releases.js';
import {
  askedLengths,
  candidates,
  spelledAcronyms,
  synonymIndex,
  withAcronyms,
  withShortForms,
  shortFormsOf,
  withCompounds,
  compoundsOf,
  withEqualLengths,
  withSynonyms,
  saying,
  type Origin,
  type Sourced,
} from './passages.js';
import type { Candidate } from './match.js';
import { answerFromRuns } from './command-runs.js';
import { answerFileOrder, isFileOrderQuestion, temporalMode, type TemporalMode } from './file-order.js';
import { keyWeights, LEAST_SUPPORT, pairBonus, support, weightedCoverage } from './support.js';
import { askedAsSaidByThePerson, askedParts, isPossessiveMark, type AskedParts } from './dialogue-act.js';
import { offeredAlternatives, askedPreposition, measureAsked } from './question-shape.js';
import { pointsBack } from './discourse.js';
import { createReaderContext, remembered, type ReaderContext } from './context.js';
import { genericSubjectStem } from './generic-subject.js';
import {
  asPath,
  COMMON_VERB_STEMS,
  contentStems,
  findPaths,
  outsideWorkspace,
  stemSet,
  STOP_WORDS,
  words,
} from './text.js';
import {
  ADEQUACY_WORDS,
  AFFECTED_PREPOSITIONS,
  ARTICLES,
  BE_FORMS,
  BOUND_PREFIXES,
  CHOICE_OPENERS,
  COMPARISON_PREPOSITIONS,
  CONSEQUENCE_CONJUNCTIONS,
  CONSEQUENCE_MARKERS,
  COUNTING_AS_VERBS,
  DATA_UNITS,
  DECIDING_NOUNS,
  DECIDING_VERBS,
  DEFAULT_PHRASES,
  DEFAULT_WORDS,
  DEFINED_DETERMINERS,
  DEMONSTRATIVES,
  EXISTENCE_ADVERBS,
  EXISTENCE_VERB,
  EMPHASIS_ADVERBS,
  EXPLANATION_NOUNS,
  GENERAL_NOUNS,
  INDEFINITE_DETERMINERS,
  INFINITIVE_MARKERS,
  INFINITIVE_TAKING_WORDS,
  KIND_NOUNS,
  LABEL_NUMBER_NOUNS,
  NEGATING_PREFIXES,
  PURPOSE_PREPOSITIONS,
  NUMBERED_IDENTIFIER_NOUNS,
  OCCASION_DETERMINERS,
  VERB_PARTICLES,
  MISHAP_COMPLEMENTS,
  MISHAP_VERBS,
  OCCURRING_VERBS,
  POSSESSIVE_DETERMINERS,
  PRECISION_ADVERBS,
  READING_NOUNS,
  REASON_CONJUNCTIONS,
  REASON_MARKERS,
  REFERRING_PRONOUNS,
  RELATIVE_DAYS,
  SPAN_UNITS,
  STANDING_VALUE_WORDS,
  TIME_ASKING_WORDS,
  TIME_UNITS,
  UNIT_PREPOSITIONS,
  VALUE_HEAD_NOUNS,
  TEMPORAL_HEAD_NOUNS,
  VALUE_NOUNS,
  WH_DETERMINERS,
  WH_WORDS,
  PARTITIVE_PREPOSITIONS,
} from './lexicon.js';
import { followsComma, Phrases, plainTokensAt, wordsAt } from './phrases.js';
import {
  asksOldValue,
  clausesOf,
  leftBehind,
  saysCeased,
  statesChange,
  isChangeStem,
  withoutOldValue,
  withoutReplacedClauses,
} from './change-statements.js';
import { codeSpans, commandOptionSpans, shortOptions } from './value-kinds.js';
import { CLAUSE_MARKS } from './value-spans.js';
import {
  analyse,
  isSuperlativeForm,
  isVerbal,
  joined,
  NAMING_TAGS,
  placesInTime,
  type Token,
} from './language.js';
import { adverbPhraseAt, canBeVerb, isPhrasalVerb, lemmasOf } from './thesaurus.js';

/** The reply when nothing visible answers; scoring looks for "I don't know". */
export const ABSTENTION = "I don't know: nothing I can see says.";

/**
 * A subject word no visible sentence or file's name contains, that no synonym or value could stand
 * in for. A word inside a longer visible word counts as seen ("test" in "pytest").
 */
function isUnseenSubject(stem: string, pool: readonly Sourced[]): boolean {
  if (COMMON_VERB_STEMS.has(stem) || !isSubjectWord(stem) || hasSynonyms(stem)) return false;
  // What names a file (its name, the person's words for it) is in view with it.
  const seen = (c: Sourced) =>
    c.stems.has(stem) ||
    c.alike?.has(stem) === true ||
    c.fileWords?.has(stem) === true ||
    c.labelWords?.has(stem) === true;
  if (pool.some(seen)) return false;
  return stem.length < 4 || !pool.some((c) => [...c.stems].some((other) => other.includes(stem)));
}

/**
 * Of `candidates`, asked for an option of a command that a file's name names (`named`, "kilnctl"),
 * those not read in another file: an option belongs to its command, and another command's manual
 * lists its own, though its words may name this one. All of them when no file's name names it.
 */
export function ofTheCommand(candidates: readonly Sourced[], named: readonly string[]): readonly Sourced[] {
  const ofIt = (candidate: Sourced) =>
    candidate.fileWords === undefined || named.some((stem) => candidate.fileWords?.has(stem) === true);
  return candidates.some((candidate) => candidate.fileWords !== undefined && ofIt(candidate))
    ? candidates.filter(ofIt)
    : candidates;
}

/**
 * Of `candidates`, asked about a thing a file's name names (`named`, "kilnctl" and man/kilnctl.txt), the
 * text of another file only where it names the thing itself: that file's sentences speak of it, and
 * another file's words that only share the rest of the question speak of something else. All of them
 * when no file's name names it.
 */
function ofTheNamedFile(candidates: readonly Sourced[], named: readonly string[]): readonly Sourced[] {
  const inNames = named.filter((stem) =>
    candidates.some((candidate) => candidate.fileWords?.has(stem) === true),
  );
  if (inNames.length === 0) return candidates;
  return candidates.filter(
    (candidate) =>
      candidate.fileWords === undefined ||
      inNames.some((stem) => candidate.fileWords?.has(stem) === true || candidate.stems.has(stem)),
  );
}

/** A term read with the words of the sentence that defines it, as its own. */
function withDefinition(candidate: Sourced): Sourced {
  const { defined } = candidate;
  if (defined === undefined) return candidate;
  return {
    ...saying(candidate, defined.stems),
    sequence: [...(candidate.sequence ?? []), ...(defined.sequence ?? [])],
  };
}

/** The stems of the nouns and names among a question's asked words ("the kiln", "Raku"). */
function namedThings(asked: readonly Token[]): ReadonlySet<string> {
  const nouns = asked.filter(
    (token, at) =>
      (token.pos === 'PROPN' && !opensPhrasalVerb(asked, at)) ||
      (token.pos === 'NOUN' && !mayBeVerb(asked, at)),
  );
  return new Set(
    nouns.flatMap((token) => contentStems(token.value)).filter((stem) => !BOUND_PREFIXES.has(stem)),
  );
}

/** Tags of the words of a label that opens a question: no verb, no pronoun, no name. */
const LABEL_TAGS: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NOUN', 'ADV', 'NUM', 'INTJ']);

/**
 * The stems of a noun phrase with no verb that opens a question and is set off from it by a comma,
 * before a clause that asks with a question word or an auxiliary ("Quick sanity check, how many …",
 * "One last thing, does it …"): it says what kind of turn this is. Only words nothing in view says
 * are let off, so a topic in view named so ("The north kiln, which shelf …") stays asked, and a
 * name ("Tidewater Kilns, who founded it?") is never a label.
 */
function openingLabelStems(analysed: readonly Token[]): string[] {
  const comma = analysed.findIndex((token) => token.value === ',');
  const next = analysed[comma + 1];
  if (comma < 1 || next === undefined || !(WH_WORDS.has(next.lower) || next.pos === 'AUX')) return [];
  const label = analysed.slice(0, comma);
  // A capital at the start may make the tagger read a describing word as a name ("Quick").
  const describing = (token: Token, at: number) =>
    at === 0 && token.pos === 'PROPN' && lemmasOf(token.lower, 'a').length > 0;
  if (!label.some((token) => token.pos === 'NOUN')) return [];
  if (!label.every((token, at) => LABEL_TAGS.has(token.pos) || describing(token, at))) return [];
  return label.flatMap((token) => contentStems(token.value));
}

/**
 * The adverbs of several words a question says ("by hand", "on the fly"), each as its words: set
 * phrases, which a text may put in a word of its own ("manually").
 */
function setPhrases(asked: readonly Token[]): string[][] {
  const words = asked.map((token) => token.lower);
  const found: string[][] = [];
  for (let at = 0; at < words.length; at++) {
    const length = adverbPhraseAt(words, at);
    if (length === 0) continue;
    found.push(words.slice(at, at + length));
    at += length - 1;
  }
  return found;
}

/**
 * The stems of the set phrases of a question that no sentence in view says as a phrase: the text puts
 * them in words of its own, so their words ("hand" of "by hand") ask nothing of an answer, and "hand"
 * said elsewhere ("handle") is no sign of one.
 */
function unsaidSetPhraseStems(asked: readonly Token[], pool: readonly Candidate[]): ReadonlySet<string> {
  const unsaid = setPhrases(asked)
    .map((phrase) => contentStems(phrase.join(' ')))
    .filter((stems) => {
      const says = (candidate: Candidate) =>
        stems.every(
          (stem, i) =>
            candidate.stems.has(stem) && (i === 0 || saysTogether(candidate, stems[i - 1] ?? '', stem)),
        );
      return !pool.some(says);
    });
  return new Set(unsaid.flat());
}

/** The stems of the words for a default. */
const DEFAULT_STEMS: readonly string[] = [...stemSet([...DEFAULT_WORDS].join(' '))];

/** Phrases that ask what holds by default in other words ("out of the box"). */
const DEFAULT_PHRASE = new Phrases(DEFAULT_PHRASES);

/** The stems of the words of a phrase in `asked` that says "by default" in other words, or none. */
function defaultPhraseStems(asked: string): string[] | undefined {
  const hit = DEFAULT_PHRASE.find(asked);
  return hit === undefined ? undefined : contentStems(asked.slice(hit.start, hit.end));
}

/**
 * True when every word of `text` with one of `stems` is written after a prefix that denies it
 * ("non-default"): the text says the thing only to deny it.
 */
function onlyDenied(text: string, stems: readonly string[]): boolean {
  const said = wordsAt(text);
  const hits = said.filter(({ word }) => stems.includes(contentStems(word)[0] ?? ''));
  const denied = (start: number) => {
    const before = said.find((word) => word.end === start - 1);
    return before !== undefined && NEGATING_PREFIXES.has(before.word) && text.charAt(start - 1) === '-';
  };
  return hits.length > 0 && hits.every(({ start }) => denied(start));
}

/** The stems of the nouns of a number that labels a thing ("port"). */
const LABEL_NUMBER_STEMS: ReadonlySet<string> = stemSet([...LABEL_NUMBER_NOUNS].join(' '));

/** The stems of the nouns of an identifier that may be a number ("tag"). */
const NUMBERED_IDENTIFIER_STEMS: ReadonlySet<string> = stemSet([...NUMBERED_IDENTIFIER_NOUNS].join(' '));

/**
 * A candidate read in a file whose name names some of `named`: it speaks of them (with `byName`;
 * a question that names nothing else is answered by what the file says of them). A sentence that
 * says some of the `key` itself also says the key's words the person used for its file when they
 * asked to have it read ("the glaze-mixing thing").
 */
function inFileNamed(
  candidate: Sourced,
  named: readonly string[],
  key: readonly string[],
  byName: boolean,
): Sourced {
  const { fileWords, labelWords } = candidate;
  if (fileWords === undefined) return candidate;
  const called =
    labelWords === undefined ? [] : key.filter((stem) => labelWords.has(stem) && !candidate.stems.has(stem));
  const labelled =
    called.length > 0 && key.some((stem) => candidate.stems.has(stem))
      ? saying(candidate, called)
      : candidate;
  if (!byName) return labelled;
  const about = named.filter((stem) => fileWords.has(stem) && !labelled.stems.has(stem));
  if (about.length === 0) return labelled;
  return { ...saying(labelled, about), scope: new Set(about) };
}

/**
 * The stems of the nouns among a question's asked words that say what sort of thing is asked for, or
 * where it is written, rather than what it is: general nouns ("which glaze problem") and nouns
 * for a document ("what does the README suggest", "the manual"; not "file", which asks for a path).
 */
function framingNounStems(asked: readonly Token[]): ReadonlySet<string> {
  const nouns = asked.filter(
    (token) =>
      (token.pos === 'NOUN' || token.pos === 'PROPN') &&
      (GENERAL_NOUNS.has(token.lemma) ||
        (READING_NOUNS.has(token.lower) && !KIND_NOUNS.path.has(token.lemma))),
  );
  return new Set(nouns.flatMap((token) => contentStems(token.value)));
}

/**
 * The stems of the adverbs a question says of how exact or whole its answer is to be ("how many glazes
 * altogether", "roughly how hot"), or that only stress it ("what it actually counts"), and of the
 * words by which it judges whether the answer will do ("the oldest glaze that's good enough"): a
 * statement of the value does not say them.
 */
function precisionStems(asked: readonly Token[]): string[] {
  return asked
    .filter(
      (token) =>
        (token.pos === 'ADV' && (PRECISION_ADVERBS.has(token.lower) || EMPHASIS_ADVERBS.has(token.lower))) ||
        ((token.pos === 'ADV' || token.pos === 'ADJ') && ADEQUACY_WORDS.has(token.lower)),
    )
    .flatMap((token) => contentStems(token.value));
}

/**
 * The stem of the verb of existing when `asked` says a thing is, or is not, somewhere with "be" and
 * "there" alone ("a file that isn't there yet", "is my copy still there"): a text says it exists,
 * or does not. "Is there a flag …" asks for the flag, and names no existence a text must state.
 */
function saysExistence(asked: readonly Token[]): string[] {
  const said = asked.some((token, at) => {
    if (!EXISTENCE_ADVERBS.has(token.lower)) return false;
    // The verb before it, past its subject when the question inverts them ("is my copy still there").
    let before = at - 1;
    while (before >= 0 && asked[before]?.pos !== 'AUX' && asked[before]?.pos !== 'VERB') before--;
    const after = asked[at + 1];
    return (
      BE_FORMS.has(asked[before]?.lower ?? '') &&
      (after === undefined || after.pos === 'ADV' || after.pos === 'PUNCT' || after.pos === 'CCONJ')
    );
  });
  return said ? contentStems(EXISTENCE_VERB) : [];
}

/**
 * The stems of the words of a clause of purpose in `asked`: "to" and a verb after words that do not
 * take an infinitive ("tests the glaze to catch crazing"; not "need to keep", "how to stop"), to
 * the end of the clause.
 */
function purposeStems(asked: readonly Token[]): ReadonlySet<string> {
  // "To catch crazing, what …" opens with its purpose; "requires me to do" asks what is required.
  const at = asked.findIndex((token, i) => {
    const before = asked[i - 1];
    return (
      INFINITIVE_MARKERS.has(token.lower) &&
      asked[i + 1]?.pos === 'VERB' &&
      (before === undefined ||
        (before.pos !== 'PRON' &&
          !INFINITIVE_TAKING_WORDS.has(before.lower) &&
          !INFINITIVE_TAKING_WORDS.has(before.lemma)))
    );
  });
  if (at < 0) return new Set();
  const end = asked.findIndex((token, i) => i > at && token.pos === 'PUNCT');
  return new Set(asked.slice(at, end < 0 ? undefined : end).flatMap((token) => contentStems(token.value)));
}

/**
 * The stems of a phrase that opens a question with what the answer is for, before a comma or a
 * bracket: "For the glaze log, which cone …?" (cover, log). A thing only it names, which nothing in
 * view says, is the asker's own ("the log" they are filling in), not what they ask about.
 */
function leadingPurposeStems(asked: readonly Token[]): ReadonlySet<string> {
  if (!PURPOSE_PREPOSITIONS.has(asked[0]?.lower ?? '')) return new Set();
  const end = asked.findIndex((token) => token.pos === 'PUNCT');
  if (end < 0) return new Set();
  return new Set(asked.slice(1, end).flatMap((token) => contentStems(token.value)));
}

/**
 * The stems of what a question says in brackets ("what was the number (sorry if I asked before)"):
 * an aside, which may speak of the asking rather than of what is asked.
 */
function bracketedStems(asked: readonly Token[]): ReadonlySet<string> {
  const stems = new Set<string>();
  let depth = 0;
  for (const token of asked) {
    if (token.value === '(') depth++;
    else if (token.value === ')') depth = Math.max(0, depth - 1);
    else if (depth > 0) for (const stem of contentStems(token.value)) stems.add(stem);
  }
  return stems;
}

/**
 * The stems of a phrase that compares the thing asked about with another or gives examples of it ("a
 * kiln like the one at the college", "is it like a raku firing", "two cones, like 6 and 10"), to the
 * end of its clause. What it names is the asker's point of reference, not what the answer must say.
 * "Like" after a verb or a modal ("I'd like", "want like the first five") is no comparison.
 */
function comparedStems(asked: readonly Token[]): ReadonlySet<string> {
  const stems = new Set<string>();
  asked.forEach((token, at) => {
    if (!COMPARISON_PREPOSITIONS.has(token.lower)) return;
    const before = asked[at - 1];
    const inverted = before?.pos === 'PRON' && BE_FORMS.has(asked[at - 2]?.lower ?? '');
    const compares =
      before !== undefined &&
      (BE_FORMS.has(before.lower) ||
        inverted ||
        before.pos === 'NOUN' ||
        before.pos === 'PROPN' ||
        before.value === ',');
    if (!compares) return;
    const end = asked.findIndex((next, i) => i > at && next.pos === 'PUNCT');
    for (const next of asked.slice(at + 1, end < 0 ? undefined : end)) {
      for (const stem of contentStems(next.value)) stems.add(stem);
    }
  });
  return stems;
}

/** The stems of a question's superlatives: "oldest", "largest", "best" (not "honest", its own word). */
function superlativeStems(asked: readonly Token[]): ReadonlySet<string> {
  return new Set(
    asked
      .filter((token) => token.pos === 'ADJ' && isSuperlativeForm(token))
      .flatMap((token) => contentStems(token.value)),
  );
}

/**
 * The words by which a question asks what the person decided: a verb of deciding ("which glaze we
 * settled on"), or its noun with the word that places it in time ("the final decision", "our first
 * choice"), which the person's statement of it need not say.
 */
function decidedStems(asked: readonly Token[]): string[] {
  return asked.flatMap((token, at) => {
    if (token.pos === 'VERB' && DECIDING_VERBS.has(token.lemma)) return contentStems(token.value);
    if (token.pos !== 'NOUN' || !DECIDING_NOUNS.has(token.lemma)) return [];
    const before = asked[at - 1];
    return contentStems(placesInTime(before) ? `${before.value} ${token.value}` : token.value);
  });
}

/**
 * The word that places a noun for the answer itself in time ("…, final result", "the current value"):
 * it chooses among the values given, and a text that gives one need not say it.
 */
function placedAnswerStems(asked: readonly Token[]): string[] {
  return asked.flatMap((token, at) => {
    const before = asked[at - 1];
    return token.pos === 'NOUN' && VALUE_NOUNS.has(token.lemma) && placesInTime(before)
      ? contentStems(before.value)
      : [];
  });
}

/**
 * The noun a question asks to have defined, with the stems of its verb of counting: "what counts as a
 * word" (word; count), "what is a tideline" (tideline). The question ends with the noun, after "a",
 * "an" or "one", after "be" or a verb of counting with "as". Undefined for any other question.
 */
function definedNoun(asked: readonly Token[]): { noun: string; verb: string[] } | undefined {
  const words = asked.filter((token) => token.pos !== 'PUNCT');
  const [noun, determiner] = [words.at(-1), words.at(-2)];
  if (words[0]?.lower !== 'what' || noun?.pos !== 'NOUN' || determiner === undefined) return undefined;
  if (!INDEFINITE_DETERMINERS.has(determiner.lower) && determiner.pos !== 'NUM') return undefined;
  const stems = contentStems(noun.value);
  const before = words.at(-3);
  if (stems.length !== 1 || before === undefined) return undefined;
  if (BE_FORMS.has(before.lower)) return { noun: stems[0]!, verb: [] };
  const verb = words.at(-4);
  if (before.lower !== 'as' || verb === undefined || !COUNTING_AS_VERBS.has(verb.lemma)) return undefined;
  return { noun: stems[0]!, verb: contentStems(verb.value) };
}

/** True when `sentence` says what a `noun` (its stem) is: "A word is …", "Each tideline is …". */
function definesNoun(sentence: string, noun: string): boolean {
  const words = analyse(sentence).filter((token) => token.pos !== 'PUNCT');
  const at = DEFINED_DETERMINERS.has(words[0]?.lower ?? '') ? 1 : 0;
  const [subject, verb] = [words[at], words[at + 1]];
  return (
    subject !== undefined &&
    ['NOUN', 'PROPN'].includes(subject.pos) &&
    contentStems(subject.value).includes(noun) &&
    BE_FORMS.has(verb?.lower ?? '')
  );
}

/** The stems of the words only the premise of a fragment says, not the question itself. */
function premiseOnlyStems(parts: AskedParts): ReadonlySet<string> {
  const premise = new Set(parts.premise);
  const stemsOf = (tokens: readonly Token[]) => tokens.flatMap((token) => contentStems(token.value));
  const asked = new Set(stemsOf(parts.asked.filter((token) => !premise.has(token))));
  return new Set(stemsOf(parts.premise).filter((stem) => !asked.has(stem)));
}

/**
 * True when a sentence puts the condition a question denies in the question's words, as a condition
 * of its own ("if the key is not set, …"): a sentence that only says the verb and some negation ("a
 * non-default interval can be set") puts none.
 */
function putsCondition(candidate: Candidate, denied: ReadonlySet<string>): boolean {
  // A verb with no word of its own ("say") leaves nothing to find: no sentence puts that condition.
  if (
    denied.size === 0 ||
    ![...denied].every((stem) => candidate.stems.has(stem)) ||
    !isNegative(candidate.text)
  )
    return false;
  const own = deniedInCondition(candidate.text);
  return own !== undefined && [...denied].every((stem) => own.has(stem));
}

/**
 * The stem of the word right before the head of what a question asks for, when the head names a time
 * or a span and the word an act ("start" of "the kiln's start time", "refresh" of "refresh interval"):
 * it says which value of the kind is meant, where a statement names the act in a word of its own
 * ("kiln firing at 06:00").
 */
function kindModifierStem(asked: readonly Token[], shape: QuestionShape): string | undefined {
  const { head } = shape;
  if (head === undefined || !TIME_HEAD_STEMS.has(contentStems(head)[0] ?? '')) return undefined;
  const at = asked.findLastIndex((token) => token.lower === head.toLowerCase());
  const before = asked[at - 1];
  if (at < 1 || before === undefined || !MODIFIER_POS.has(before.pos)) return undefined;
  return contentStems(before.value)[0];
}

/** The stems of the nouns of a time or a span, which an act has ("start time", "retry delay"). */
const TIME_HEAD_STEMS = stemSet([...TEMPORAL_HEAD_NOUNS].join(' '));

/**
 * Parts of speech of a word before a kind's noun that names the act whose value is meant ("start
 * time", "refresh interval"); a noun there names the thing the value is of ("the warranty date").
 */
const MODIFIER_POS: ReadonlySet<string> = new Set(['VERB']);

/** How a question asks what happens: the stems of its words that ask it, and of what they befall. */
interface Consequence {
  /** The verb of occurring and the word of mishap after it ("goes wrong"). */
  stems: string[];
  /** True when the question names the thing it befalls ("what happens to the lid"). */
  befalls: boolean;
}

/**
 * How a question asks what follows from a situation: a question word of things as the subject of a
 * verb of occurring ("What happens if the kiln cools fast?", "what would occur") or of going wrong
 * ("What goes wrong when …?"). Its words frame what is asked, as "why" does: a text says what
 * happens in a verb of its own ("the glaze crazes"). Undefined for any other question.
 */
function consequenceOf(asked: readonly Token[]): Consequence | undefined {
  for (const [at, token] of asked.entries()) {
    if (!WH_DETERMINERS.has(token.lower) || token.pos !== 'PRON') continue;
    let verb = at + 1;
    while (asked[verb]?.pos === 'AUX') verb++;
    const said = asked[verb];
    if (said?.pos !== 'VERB') continue;
    const next = asked[verb + 1];
    if (OCCURRING_VERBS.has(said.lemma))
      return { stems: contentStems(said.value), befalls: AFFECTED_PREPOSITIONS.has(next?.lower ?? '') };
    if (MISHAP_VERBS.has(said.lemma) && next !== undefined && MISHAP_COMPLEMENTS.has(next.lower)) {
      const after = asked[verb + 2];
      return {
        stems: contentStems(`${said.value} ${next.value}`),
        befalls: AFFECTED_PREPOSITIONS.has(after?.lower ?? ''),
      };
    }
  }
  return undefined;
}

/** Marks that end a label before what it labels. */
const LABEL_MARKS: ReadonlySet<string> = new Set([':', '=']);

/**
 * True for a sentence that asserts nothing, either way: an order, its verb first in its plain form
 * ("Disable both checksums"), or one with a verb that puts the rest as a choice ("Controls whether
 * messages are sent").
 */
function assertsNothing(tokens: readonly Token[]): boolean {
  // Past a label that names what it describes ("--dry-run: Print …", "Vent= Controls …").
  const mark = tokens.findIndex((token) => LABEL_MARKS.has(token.value));
  const label = mark > 0 && !tokens.slice(0, mark).some((token) => token.pos === 'VERB') ? mark + 1 : 0;
  const words = tokens.slice(label).filter((token) => token.pos !== 'PUNCT' && token.pos !== 'SYM');
  const first = words[0];
  // The tagger may take a verb that opens a line for a name ("Log every firing", "Control whether
  // …"): a word that can be a verb, before a determiner or a conjunction of choice, is one.
  const ordered =
    first !== undefined &&
    ((first.pos === 'VERB' && first.lower === first.lemma) ||
      (canBeVerb(first.lower) && words[1]?.pos === 'DET'));
  if (ordered) return true;
  return words.some(
    (token, at) => CHOICE_OPENERS.has(token.lower) && at > 0 && canBeVerb(words[at - 1]!.lower),
  );
}

/**
 * The stems of the words for a kind of value ("time", "date", "number") that stand right after a
 * preposition with no determiner and no value after them: a set phrase ("ahead of time", "on time",
 * "in time") that asks for no value of the kind, where "at what time" and "from version 5" do.
 */
function kindsInPhrases(asked: readonly Token[]): string[] {
  return asked.flatMap((token, at) => {
    if (token.pos !== 'NOUN' || asked[at - 1]?.pos !== 'ADP') return [];
    if (VALUE_FOLLOWERS.has(asked[at + 1]?.pos ?? '')) return [];
    const stemmed = contentStems(token.value)[0];
    return stemmed !== undefined && isKindWord(stemmed) ? [stemmed] : [];
  });
}

/**
 * The stems of the words for a time that say on which occasion something happens ("make them change
 * it next time they log in", "run two in the same time"): after a word that picks one occasion out
 * and with no value after them, they ask for no time, unless something in view names the same
 * occasion in the same two words.
 */
function occasionStems(asked: readonly Token[], pool: readonly Candidate[]): string[] {
  return asked.flatMap((token, at) => {
    const determiner = asked[at - 1]?.lower ?? '';
    if (!OCCASION_DETERMINERS.has(determiner) || !TIME_ASKING_WORDS.has(token.lower)) return [];
    if (VALUE_FOLLOWERS.has(asked[at + 1]?.pos ?? '')) return [];
    // A text that names the same occasion ("on the last day of the month") speaks of what is asked.
    const namesOccasion = (candidate: Candidate) =>
      words(candidate.text).some((word, i, all) => word === determiner && all[i + 1] === token.lower);
    return pool.some(namesOccasion) ? [] : contentStems(token.value);
  });
}

/**
 * The stems of the particles that make one verb with the verb before them, right after it or after
 * its pronoun object ("patch it up", "sort out"), when WordNet lists the two as one verb: the verb's
 * word stands for the phrase (and meets the phrase's words of like meaning), and the particle alone
 * says nothing a sentence must repeat. After a light verb ("go out", "set up") the particle is what
 * tells, and stays.
 */
function particleStems(asked: readonly Token[]): string[] {
  return asked.flatMap((token, at) => {
    if (!VERB_PARTICLES.has(token.lower)) return [];
    const object = asked[at - 1]?.pos === 'PRON' ? 1 : 0;
    const verb = asked[at - 1 - object];
    if (verb?.pos !== 'VERB' || !isPhrasalVerb(verb.lower, token.lower)) return [];
    return COMMON_VERB_STEMS.has(contentStems(verb.value)[0] ?? '') ? [] : contentStems(token.value);
  });
}

/** Parts of speech of a word after a kind's noun that says which one: "version 5", "port 8080". */
const VALUE_FOLLOWERS: ReadonlySet<string> = new Set(['NUM', 'NOUN', 'PROPN']);

/** Parts of speech of a word that a noun phrase may go on from ("the", "new", "data", "7"). */
const NOUN_PHRASE_POS: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

/** Parts of speech the particle of a verb of two words is tagged with ("in", "up", "over"). */
const PARTICLE_POS: ReadonlySet<string> = new Set(['ADP', 'PART', 'ADV']);

/**
 * True when the word at `at`, tagged a noun, may name no thing: it stands where no noun phrase goes on
 * (after a verb, an adverb, a preposition or a pronoun that is no possessive) and WordNet lists it as
 * a verb. It is then a verb the tagger took for a noun ("make the pump there stall") or the noun of
 * a set phrase ("keeps watch over", "in control of").
 */
function mayBeVerb(tokens: readonly Token[], at: number): boolean {
  if (opensPhrasalVerb(tokens, at)) return true;
  const before = tokens[at - 1];
  if (before === undefined || NOUN_PHRASE_POS.has(before.pos) || POSSESSIVE_DETERMINERS.has(before.lower))
    return false;
  return canBeVerb(tokens[at]?.lower ?? '');
}

/**
 * True when the word at `at`, with the particle after it, makes a verb WordNet lists ("Kicks in above
 * what size?"): that verb, however the tagger read the word, even as a name for its capital.
 */
function opensPhrasalVerb(tokens: readonly Token[], at: number): boolean {
  const [word, next] = [tokens[at], tokens[at + 1]];
  return (
    word !== undefined &&
    next !== undefined &&
    PARTICLE_POS.has(next.pos) &&
    isPhrasalVerb(word.lower, next.lower)
  );
}

/**
 * The stem of the head noun of what a question asks for, when it names the kind of value wanted ("the
 * duration of the firing") or a value of any kind ("MAX_SHELVES's value"): a value answers,
 * whatever word the sentence uses for it.
 */
function kindHeadStem(question: string, context: ReaderContext): string | undefined {
  const { head } = remembered(context, questionShape, question);
  const stemmed = head === undefined ? undefined : contentStems(head)[0];
  return stemmed !== undefined && VALUE_HEAD_STEMS.has(stemmed) ? stemmed : undefined;
}

/**
 * The stem of the thing a "which/what N" question asks to single out, when any value may answer (no
 * kind is asked for) and N is no word for a value itself. A question with no question word that asks
 * for a noun phrase ("Retro room I booked?", "I still need the room I booked") asks for one N too.
 */
function whichThing(shape: QuestionShape, context: ReaderContext): string | undefined {
  const singles = shape.wh === undefined || WH_DETERMINERS.has(shape.wh);
  if (shape.type !== 'any' || !singles || shape.head === undefined) return undefined;
  const stemmed = contentStems(shape.head, context.stems)[0];
  return stemmed === undefined || VALUE_HEAD_STEMS.has(stemmed) ? undefined : stemmed;
}

/** How much more the noun a "which N" question asks about weighs than its rareness alone gives. */
const FOCUS_FACTOR = 2;

/** How much a word only a condition of the question says weighs, against its rareness alone. */
const CONDITION_SHARE = 0.5;

/**
 * The stems of the units a question wants its answer in ("in minutes", "in kilobytes"): a sentence may
 * state the value in another unit or spelled otherwise ("90 seconds", "12 KB").
 */
function unitStems(question: string): string[] {
  const said = plainTokensAt(question);
  return said.flatMap((token, at) => {
    const unit = said[at + 1]?.word ?? '';
    return UNIT_PREPOSITIONS.has(token.word) && (UNITS.has(unit) || DATA_UNITS.has(unit))
      ? contentStems(unit)
      : [];
  });
}

/** Units of time and length a question may want its answer in. */
const UNITS: ReadonlySet<string> = new Set([...SPAN_UNITS, ...TIME_UNITS]);

/** The stems of the nouns that name a value of any kind: framing wherever a question says them. */
const VALUE_NOUN_STEMS = stemSet([...VALUE_NOUNS].join(' '));

/** The stems of the nouns of a reason, which frame what is asked when nothing in view says them. */
const EXPLANATION_STEMS = stemSet([...EXPLANATION_NOUNS].join(' '));

/** The stems of the nouns that name a kind of value, or a value of any kind. */
const VALUE_HEAD_STEMS = stemSet([...VALUE_HEAD_NOUNS].join(' '));

/**
 * What orders sentences that say as much of the key: the pairs of its words a sentence says together,
 * and the words of the scene the question is asked in, by weight.
 */
interface Bonus {
  pairs: readonly (readonly [string, string])[];
  scene: ReadonlyMap<string, number>;
  /** The noun a "which N" question asks about, and whether a sentence names one N. */
  focus?: { stem: string; names: (sentence: string) => boolean };
  /** The kind a person's statement need not say ("which glaze"), and its weight when it does. */
  kind?: { stem: string; weight: number };
  /** Asked what happens, what a sentence gains by saying what follows from something. */
  consequence?: number;
  /** Asked for the object of a preposition, whether a sentence's value is one, and what that adds. */
  relation?: { holds: (sentence: string) => boolean; weight: number };
  /**
   * The words the question denies ("isn't executable"), and the words a sentence denies: saying one
   * denied as the question does, a sentence says what it asks; saying it without denying it, the
   * opposite.
   */
  polarity?: { stems: ReadonlySet<string>; denies: (sentence: string) => ReadonlySet<string> };
}

/** How much each word of a question's scene a sentence says adds, against the word's weight. */
const SCENE_SHARE = 0.25;

/** What a sentence gains by saying words of the scene a question is asked in. */
function sceneBonus(scene: ReadonlyMap<string, number>, candidate: Candidate): number {
  let bonus = 0;
  for (const [stem, weight] of scene)
    if (candidate.stems.has(stem)) bonus += SCENE_SHARE * Math.max(0.1, weight);
  return bonus;
}

/**
 * What a sentence gains or loses by the polarity of the question's denied words: each one it denies
 * too adds its weight, each one it says without denying it takes its weight away.
 */
function polarityBonus(bonus: Bonus, candidate: Candidate, weights: ReadonlyMap<string, number>): number {
  const { polarity } = bonus;
  if (polarity === undefined) return 0;
  const denies = polarity.denies(candidate.text);
  let gained = 0;
  for (const stem of polarity.stems) {
    const weight = Math.max(0.1, weights.get(stem) ?? 0);
    if (denies.has(stem)) gained += weight;
    else if (candidate.stems.has(stem)) gained -= weight;
  }
  return gained;
}

/** How much a value that is the object of the question's preposition adds, against its lightest word. */
const RELATION_SHARE = 0.5;

/** How much naming one of the things a "which N" question asks about adds, against N's weight. */
const NAMING_SHARE = 0.5;

/**
 * What a sentence gains by naming one N ("the Harbour venue", "port 8080") when asked "which N": it
 * singles one out, where "the hash used for naming blobs" only speaks of it.
 */
function namingBonus(bonus: Bonus, candidate: Candidate, weights: ReadonlyMap<string, number>): number {
  const { focus } = bonus;
  if (focus === undefined || !candidate.stems.has(focus.stem) || !focus.names(candidate.text)) return 0;
  return NAMING_SHARE * (weights.get(focus.stem) ?? 0);
}

/** The pairs of content words a question says next to each other, in its asked words. */
function keyPairs(asked: string): (readonly [string, string])[] {
  const stems = contentStems(asked);
  return stems.slice(1).map((stem, i) => [stems[i] as string, stem] as const);
}

/** Passive participles ("is configured", "was set"): they say how, not what the question is about. */
function passiveStems(question: string): Set<string> {
  const found = new Set<string>();
  const tokens = plainTokensAt(question);
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    // A form of "be", a space, then a word of more than its "-ed" ending that ends in it.
    if (!BE_FORMS.has(token.word) || next === undefined || next.start === token.end) return;
    if (next.word.length <= 2 || !next.word.endsWith('ed')) return;
    const stemmed = contentStems(question.slice(next.start, next.end))[0];
    if (stemmed) found.add(stemmed);
  });
  return found;
}

/**
 * The noun a "which" or "what" determines when the question asks it in place, after its verb, the rest
 * said in the order of a statement ("… is glazed with which glaze?"): the kind of thing asked for.
 */
function kindInPlace(shape: QuestionShape, asked: readonly Token[]): string | undefined {
  if (!WH_DETERMINERS.has(shape.wh ?? '') || shape.nouns.length === 0 || shape.head === undefined) {
    return undefined;
  }
  const at = asked.findIndex((token) => token.lower === shape.wh);
  return at > 0 && asked.slice(0, at).some(isVerbal) ? contentStems(shape.head)[0] : undefined;
}

/**
 * The stem of the thing whose value a question asks for with "be" ("What is the name of our supplier
 * at the guild?": supplier; "What's the kiln's peak?": kiln): the head of the noun phrase after
 * "of" that follows the noun asked for, or the possessor before it. Undefined when the question
 * names none, or asks "which N of …" with a clause after it ("which release of it potters on the old
 * kiln should install", whose "potters" is the clause's subject).
 */
function ownerOfAsked(asked: readonly Token[], shape: QuestionShape): string | undefined {
  const at = asked.findIndex((token) => token.value === shape.head);
  if (at < 0) return undefined;
  const inPhrase = (token: Token | undefined) => PHRASE_TAGS.has(token?.pos ?? '');
  let start = at;
  while (start > 0 && inPhrase(asked[start - 1])) start--;
  const mark = asked[start - 1];
  const possessor = mark !== undefined && isPossessiveMark(mark) ? asked[start - 2] : undefined;
  if (possessor !== undefined) start -= 2;
  while (start > 0 && (inPhrase(asked[start - 1]) || asked[start - 1]?.pos === 'DET')) start--;
  if (asked[start - 1]?.lemma !== 'be') return undefined;
  if (possessor !== undefined) return contentStems(possessor.value)[0];
  // Past the rest of the asked noun's phrase ("IP address").
  let end = at + 1;
  while (NAMING_TAGS.has(asked[end]?.pos ?? '')) end++;
  if (!PARTITIVE_PREPOSITIONS.has(asked[end]?.lower ?? '')) return undefined;
  let from = end + 1;
  while (asked[from]?.pos === 'DET' || asked[from]?.pos === 'PRON') from++;
  let head: Token | undefined;
  for (let i = from; inPhrase(asked[i]); i++) head = asked[i];
  return head === undefined || !NAMING_TAGS.has(head.pos) ? undefined : contentStems(head.value)[0];
}

/** The tags of the words of a noun phrase after its determiner. */
const PHRASE_TAGS: ReadonlySet<string> = new Set(['ADJ', 'NOUN', 'PROPN']);

/**
 * Answers the question at `questionIndex` from every other visible message (the system message
 * aside), replying with one chosen sentence so no wrong extra value spoils it. `context` holds the
 * candidates of texts the reader model has already seen (a text's candidates depend on nothing else);
 * without one, nothing is kept.
 */
export function answerQuestion(
  messages: readonly Message[],
  questionIndex: number,
  context: ReaderContext = createReaderContext(),
): string {
  const question = messages[questionIndex]?.content ?? '';
  const texts = visibleTexts(messages, questionIndex);
  if (remembered(context, isFileOrderQuestion, question)) return answerFileOrder(question, texts);
  const fromRuns = answerFromRuns(question, messages, questionIndex, context);
  if (fromRuns !== undefined) return fromRuns;
  // What frames the question ("I still need …") places nothing in time: only what it asks does.
  const mode = temporalMode(remembered(context, askedParts, question).text || question);
  // An acronym a sentence uses meets the words it stands for, if the question spells them out.
  // A word of like meaning meets a word of the question ("attempts" for "tries").
  const alike = remembered(context, synonymIndex, question);
  const spelled = remembered(context, spelledAcronyms, question);
  // A short form the question writes meets the words it stands for ("uid" for "user id").
  const short = remembered(context, shortFormsOf, question);
  // A compound written solid meets the two words written apart, and the other way ("rollback").
  const compounds = remembered(context, compoundsOf, question);
  // A length of time the question states meets the same length counted in other units ("48 hours" and
  // "two days").
  const lengths = remembered(context, askedLengths, question);
  // Asked for an option, a term that names one ("-s, --slow") is read with the sentence that defines
  // it ("Fire at half the rate."): the two say what the option does, and the term which one it is.
  const asksOption = remembered(context, questionShape, question).type === 'option';
  // Asked "how large" or "how old", a sentence that holds a figure says the measure ("the glaze stock
  // comes to 40 kg"), as one that holds a time says "when".
  const measure = remembered(context, measureAsked, question);
  const measureStem = measure === undefined ? undefined : contentStems(measure)[0];
  // Each sentence is read with what meets the question's words in other forms, in turn.
  const readFor = (candidate: Sourced): Sourced => {
    const read = withEqualLengths(asksOption ? withDefinition(candidate) : candidate, lengths);
    return withMeasure(
      withSynonyms(withCompounds(withShortForms(withAcronyms(read, spelled), short), compounds), alike),
      measureStem,
    );
  };
  const pool = withReferents(context, candidates(texts, context).map(readFor));
  // Words that only frame the answer (its kind, a passive verb, a generic subject such as a bare
  // plural) go when nothing visible says them.
  const framing = new Set([
    answerKindStem(question),
    kindHeadStem(question, context),
    ...contentStems(question).filter((stem) => VALUE_NOUN_STEMS.has(stem) || EXPLANATION_STEMS.has(stem)),
    ...passiveStems(question),
    genericSubjectStem(question),
    ...unitStems(question),
  ]);
  const seen = (stem: string) => pool.some((c) => c.stems.has(stem));
  const askedWords = remembered(context, askedParts, question).text;
  // General nouns ("which glaze problem", "what kind of cache") say what sort of thing is asked
  // for, and a text names the problem or the kind itself; a document ("the README") does not name
  // itself; a word for a kind of value in a set phrase ("ahead of time") asks for none; a set phrase
  // no sentence says ("by hand") is put in a text's own words ("manually"); an adverb of how exact or
  // whole the answer is to be ("altogether", "roughly") says nothing of what it is: all leave the key.
  const askedTokens = remembered(context, askedParts, question).asked;
  // Asked what happens, the verb of occurring frames the answer, as a word for a reason does.
  const consequence = consequenceOf(askedTokens);
  // Asked what counts as a thing, the verb of counting says only that a definition is wanted.
  const defined = definedNoun(askedTokens);
  // "Out of the box" asks what holds by default: its words leave the key, and the word for a default,
  // when something in view says it, is asked in their place.
  const byDefault = remembered(context, defaultPhraseStems, askedWords);
  const general = new Set([
    ...(defined?.verb ?? []),
    ...(byDefault ?? []),
    ...framingNounStems(askedTokens),
    ...kindsInPhrases(askedTokens),
    ...occasionStems(askedTokens, pool),
    ...particleStems(askedTokens),
    ...unsaidSetPhraseStems(askedTokens, pool),
    ...precisionStems(askedTokens),
    ...placedAnswerStems(askedTokens),
    ...(consequence?.stems ?? []),
  ]);
  // A path the question names outside the workspace ("which package owns /etc/kiln/limits.conf") is
  // a thing it asks about, not where to look: its words are asked too.
  const subjectPaths = remembered(context, pathStemsAsked, askedWords);
  // A short option the question names ("with -n") is a thing it asks about, which no word says.
  const options = shortOptions(askedWords);
  // The words of an option the question names ("-type") name the option, not a kind of thing.
  const optionWords = new Set(
    remembered(context, commandOptionSpans, askedWords).flatMap((span) => contentStems(span.text)),
  );
  const plain = [
    ...remembered(context, keyOfAsked, askedWords).filter(
      (stem) => optionWords.has(stem) || ((!framing.has(stem) || seen(stem)) && !general.has(stem)),
    ),
    ...subjectPaths,
    ...options,
    ...saysExistence(askedTokens),
  ].filter((stem, at, all) => all.indexOf(stem) === at);
  // A question whose own clause says at most one telling word ("If I start a firing under nohup and
  // forget to redirect it, where the output goes?") leans on the clause it opens with: the words of
  // that lead-in that something in view says are asked too, weighing as a condition's do.
  const leanedOn =
    plain.filter((stem) => !COMMON_VERB_STEMS.has(stem) && isSubjectWord(stem)).length >= 2
      ? []
      : [
          ...new Set(
            remembered(context, askedParts, question).scene.flatMap((token) => contentStems(token.value)),
          ),
        ].filter((stem) => !plain.includes(stem) && !COMMON_VERB_STEMS.has(stem) && seen(stem));
  plain.push(...leanedOn);
  // A condition that denies something ("if we don't pass a ramp", "when nobody picks one") asks what
  // holds by default: its denied verbs leave the question, and the word for a default, when something
  // in view says it, is asked in their place.
  // A text that puts the same condition ("if the key is not set, …") answers in its own words.
  // So does a thing it says is left out ("kilnctl with no ramp", "no cone given"), which stays asked:
  // the default is said of it ("the ramp defaults to …"). Only the verb of not giving it leaves.
  const inCondition = remembered(context, deniedInCondition, askedWords);
  const leftOut = inCondition === undefined ? remembered(context, deniedArgument, askedWords) : undefined;
  const deniedHere = inCondition ?? leftOut?.verbs;
  // A condition a text puts about something else ("if no arguments are given") is not the same one.
  const putsSame = (candidate: Sourced, denial: ReadonlySet<string>) =>
    putsCondition(candidate, denial) &&
    (leftOut === undefined || [...leftOut.things].some((stem) => candidate.stems.has(stem)));
  const denied =
    deniedHere !== undefined && pool.some((candidate) => putsSame(candidate, deniedHere))
      ? undefined
      : deniedHere;
  const asksDefault = denied !== undefined || byDefault !== undefined;
  const asked = asksDefault
    ? [
        ...plain.filter((stem) => denied?.has(stem) !== true),
        ...DEFAULT_STEMS.filter((stem) => seen(stem) && !plain.includes(stem)),
      ]
    : plain;
  // A thing the question names that nothing visible names: what it asks about is not in view. Other
  // words nothing visible says (a verb, an adjective: "painted", "quickly") cannot tell
  // sentences apart, and leave the key.
  const unseen = asked.filter((stem) => isUnseenSubject(stem, pool));
  const things = new Set([...namedThings(askedTokens), ...subjectPaths, ...options]);
  // Asked what the person decided ("which glaze supplier we settled on"), they name the thing they
  // chose, seldom its kind: a kind nothing in view says does not put the answer out of view.
  const decided = decidedStems(askedTokens);
  const shape = remembered(context, questionShape, question);
  const decidedKind =
    decided.length > 0 && shape.head !== undefined && WH_DETERMINERS.has(shape.wh ?? '')
      ? contentStems(shape.head)[0]
      : undefined;
  // A purpose the question gives for what it asks ("what the kiln logs on a firing to catch faults")
  // is the asker's account of why, when the rest asks a whole question: a text names the check, not
  // always what it is for. Its words weigh as a condition's do, and a thing only it names is no
  // thing asked about.
  // Read from the asked text: the asked tokens have lost the comma that ends an opening purpose.
  const analysed = remembered(context, analyse, askedWords);
  const purpose = purposeStems(analysed);
  const rest = asked.filter(
    (stem) =>
      !purpose.has(stem) && !unseen.includes(stem) && !COMMON_VERB_STEMS.has(stem) && isSubjectWord(stem),
  );
  const givenPurpose = rest.length >= 2 ? purpose : new Set<string>();
  // Nor is a thing only a phrase of what the answer is for names, or only an aside in brackets.
  const leadingPurpose = leadingPurposeStems(analysed);
  const aside = bracketedStems(analysed);
  const compared = comparedStems(analysed);
  // Nor is "the decision" itself a thing to find: it names the act the person's statement reports.
  // Nor a thing the question says there is none of ("has no execute permission"): a text says the
  // lack in its own words ("is not executable").
  const lacked = remembered(context, deniedStems, question);
  // What these name, and nothing in view names, neither puts the answer out of view nor asks anything
  // of its support.
  // Nor is a label the question opens with ("Quick sanity check, how many …").
  const label = openingLabelStems(analysed);
  const besides = new Set([...leadingPurpose, ...aside, ...compared, ...lacked, ...label]);
  if (
    unseen.some(
      (stem) =>
        things.has(stem) &&
        stem !== decidedKind &&
        !decided.includes(stem) &&
        !givenPurpose.has(stem) &&
        !besides.has(stem),
    )
  )
    return ABSTENTION;
  const key = asked.filter((stem) => !unseen.includes(stem));
  if (key.length === 0) return ABSTENTION;
  // A condition puts the situation in the asker's words ("if the shed runs hot"), a text in its own:
  // its words weigh less in what a sentence must cover, and in the ranking.
  const supposed = new Set([...remembered(context, supposedStems, askedWords), ...givenPurpose, ...leanedOn]);
  const weights = keyWeights(key, pool);
  for (const stem of supposed) {
    const weight = weights.get(stem);
    if (weight !== undefined) weights.set(stem, weight * CONDITION_SHARE);
  }
  // A thing the question names (a noun, a name, a number) that a file's name names ("what does the
  // Kestrel 3.0 want done …" and kestrel-3.0-storage.txt) says which file the question is about: each
  // sentence of that file speaks of it, and need only say the rest. A question that asks about
  // nothing else is answered by what the text itself says of it. So does any word of the question
  // that is the whole name of a file read ("free" and man/free.txt), though the tagger reads it as a
  // verb or an adjective: a command's name is often an everyday word.
  const numbers = new Set(
    askedTokens.filter((token) => token.pos === 'NUM').flatMap((token) => contentStems(token.value)),
  );
  const fileStems = new Set(pool.flatMap((candidate) => candidate.fileStem ?? []));
  // The thing a question asks to have defined is what a sentence must say itself.
  const named = key.filter(
    (stem) => (things.has(stem) || numbers.has(stem) || fileStems.has(stem)) && stem !== defined?.noun,
  );
  const byName = named.length < key.length;
  const scoped = pool.map((candidate) => inFileNamed(candidate, named, key, byName));
  const pairs = remembered(context, keyPairs, askedWords).filter(
    ([a, b]) => key.includes(a) && key.includes(b),
  );
  // The words of the scene a question is asked in tell apart sentences that say as much of the key.
  const sceneStems = remembered(context, askedParts, question).scene.flatMap((token) =>
    contentStems(token.value, context.stems).filter((stem) => !key.includes(stem)),
  );
  const type = shape.type;
  // A yes or a no, or one of the alternatives offered, answers with no value of its own.
  const polar = type === 'yes-no' || shape.alternatives === true;
  // "Which port" asks for a number that labels a port, and "6 hosts" counts hosts.
  const head = shape.head === undefined ? undefined : contentStems(shape.head)[0];
  const labels = type === 'number' && head !== undefined && LABEL_NUMBER_STEMS.has(head);
  // "Which tag …" asks for an identifier, which a number that labels the thing may be too.
  const numbered = type === 'identifier' && head !== undefined && NUMBERED_IDENTIFIER_STEMS.has(head);
  // "How many hosts" asks for a count of hosts: when some sentence in view counts them, one that
  // holds only another number ("the hosts run release 3.20") does not answer.
  const counted = (
    shape.wh === 'how' && type === 'number' ? shape.nouns.flatMap((noun) => contentStems(noun)) : []
  ).join(' ');
  const counts =
    counted !== '' && pool.some((candidate) => remembered(context, holdsCount, candidate.text, counted));
  const holds = (sentence: string) =>
    labels
      ? remembered(context, holdsLabel, sentence)
      : counts
        ? remembered(context, holdsCount, sentence, counted)
        : remembered(context, holdsType, sentence, type) ||
          (numbered && remembered(context, holdsLabel, sentence));
  // "Which room …?" asks for one room: a sentence that speaks only of "a room" does not say which.
  const which = whichThing(shape, context);
  // Asked "which N …?", the N is what the answer singles out: its word weighs twice. A bare noun
  // phrase ("Launch venue?") asks for one N too, but its words weigh alike: its head need not be N.
  const focus = shape.wh === undefined ? undefined : which;
  if (focus !== undefined && weights.has(focus)) weights.set(focus, (weights.get(focus) ?? 0) * FOCUS_FACTOR);
  // Asked for a value of a thing ("the name of our supplier at the guild", "the kiln's peak"), the
  // thing is what the answer must speak of: its word weighs twice, as the N of "which N" does.
  const owner = focus === undefined ? ownerOfAsked(askedTokens, shape) : undefined;
  if (owner !== undefined && weights.has(owner)) weights.set(owner, (weights.get(owner) ?? 0) * FOCUS_FACTOR);
  // Asked what happens, a sentence that says what follows from a situation ("otherwise the glaze
  // crazes") meets the question's verb of occurring as a word of its scene would. Asked what happens
  // to a thing, the answer says what is done to it.
  const consequenceWeight =
    consequence === undefined || consequence.befalls
      ? undefined
      : SCENE_SHARE * Math.max(0, ...keyWeights(consequence.stems, pool).values());
  // Asked for what a thing goes into or listens on, a value that is the object of the same
  // preposition ("put the files into /srv/kiln/") is said in the question's relation to it.
  const relating =
    type === 'any' || type === 'yes-no' ? undefined : remembered(context, askedPreposition, question);
  // Asked for a value, the words the question denies tell sentences apart by whether they deny them
  // too; asked yes or no, a sentence that says the opposite answers no. A thing left out of a command
  // ("with no cone") and a denied condition ("if we don't pass a ramp") ask for the default, which a
  // text says of the thing without denying it.
  const polarStems = new Set(
    polar
      ? []
      : [...lacked].filter(
          (stem) =>
            key.includes(stem) && leftOut?.things.has(stem) !== true && deniedHere?.has(stem) !== true,
        ),
  );
  const bonus: Bonus = {
    pairs,
    ...(relating === undefined
      ? {}
      : {
          relation: {
            holds: (sentence: string) => remembered(context, holdsAfter, sentence, type, relating),
            weight: RELATION_SHARE * Math.max(0.1, Math.min(...key.map((stem) => weights.get(stem) ?? 0))),
          },
        }),
    scene: keyWeights([...new Set(sceneStems)], pool),
    ...(polarStems.size === 0
      ? {}
      : {
          polarity: {
            stems: polarStems,
            denies: (sentence: string) => remembered(context, deniedStems, sentence),
          },
        }),
    ...(consequenceWeight === undefined ? {} : { consequence: consequenceWeight }),
    ...(which === undefined
      ? {}
      : {
          focus: { stem: which, names: (sentence: string) => remembered(context, namesOne, sentence, which) },
        }),
  };
  // A question about one release of a thing is not answered under the heading of another release.
  const releases = remembered(context, releasesOf, question);
  // Asked what a thing is, the sentence that says it speaks of "a firing": which one is not asked.
  const saysWhich = (candidate: Sourced) =>
    which === undefined || defined !== undefined || !remembered(context, saysNoneOf, candidate.text, which);
  // What the person said of their own work stands, and a later statement of theirs replaces an
  // earlier one; then the documents and records; the model's own earlier accounts last.
  // The person names the thing itself ("we went with X"), seldom its kind ("which library"): their
  // statements need not say the kind's word, whether the question opens with it or asks it in place.
  const kind = answerKindStem(question) ?? kindInPlace(shape, askedTokens);
  // Asked what the person decided, their statement of it says so in words of its own ("we'll go with
  // celadon"): neither the verb of deciding nor the kind of thing decided need be in it.
  // Nor need they say the act whose time or span is asked for ("the kiln's start time", "its refresh
  // interval"): "kiln firing at 06:00" gives the time.
  const unsaid = new Set([kind, ...decided, decidedKind, kindModifierStem(askedTokens, shape)]);
  // The kind stays when all that is left without it is common verbs ("Which pottery do I work at?").
  const telling = key.some((stem) => !unsaid.has(stem) && !COMMON_VERB_STEMS.has(stem));
  const personKey = telling ? key.filter((stem) => !unsaid.has(stem)) : key;
  // Only a sentence that covers the key can be chosen (with its own words or with those of the
  // sentence before, which only add to them); the others need no look for values.
  // What a person said before in the same message completes a sentence of theirs, which must still
  // say some of the question itself.
  const saysSome = (candidate: Sourced) =>
    candidate.saidBefore === undefined ||
    key.some(
      (stem) =>
        !COMMON_VERB_STEMS.has(stem) &&
        (candidate.ownStems.has(stem) || candidate.ownAlike?.has(stem) === true),
    );
  const covers = (candidate: Sourced) =>
    saysSome(candidate) &&
    (coverage(key, candidate, weights, polar) !== undefined ||
      (personKey !== key && coverage(personKey, candidate, weights, polar) !== undefined));
  // A sentence that holds no value of the kind asked for cannot answer; nor, asked for a value, can
  // one the question says whole ("Shift_JIS" in a list, asked who sends the Shift_JIS files).
  const searched = type === 'option' ? ofTheCommand(scoped, named) : ofTheNamedFile(scoped, named);
  const loweredQuestion = question.toLowerCase();
  const fitting = searched.filter(
    (candidate) =>
      !(candidate.title === true && type === 'any') &&
      (polar || !quotedBy(loweredQuestion, candidate.text)) &&
      covers(candidate) &&
      saysWhich(candidate) &&
      !underAnotherRelease(releases, candidate.heading) &&
      (holds(candidate.valueText ?? candidate.text) ||
        (candidate.antecedent !== undefined && holds(candidate.antecedent))),
  );
  // Asked what holds by default, a sentence that says it does answer, when one does: "To fire a ramp
  // other than the slow one, …" only shares the question's words.
  // "A non-default interval" says what is not the default.
  const statesDefault = (candidate: Sourced) =>
    DEFAULT_STEMS.some((stem) => candidate.ownStems.has(stem)) && !onlyDenied(candidate.text, DEFAULT_STEMS);
  const defaulted = asksDefault && fitting.some(statesDefault) ? fitting.filter(statesDefault) : fitting;
  // Asked what a thing is ("what counts as a word"), a sentence that says what it is ("A word is …")
  // answers, when one does: others only use the word.
  const defines = (candidate: Sourced) =>
    defined !== undefined && remembered(context, definesNoun, candidate.text, defined.noun);
  const defining = defaulted.some(defines) ? defaulted.filter(defines) : defaulted;
  // Asked which of two it is ("before or after …?"), a sentence that says one of them answers, when
  // one does: others only share the question's words.
  const offered = offeredAlternatives(analysed.filter((token) => token.pos !== 'PUNCT')) ?? [];
  const saysOffered = (candidate: Sourced) => words(candidate.text).some((word) => offered.includes(word));
  const typed = offered.length > 0 && defining.some(saysOffered) ? defining.filter(saysOffered) : defining;
  const from = (origin: Origin) => typed.filter((c) => c.origin === origin);
  // Of the person's statements (and the model's accounts, which repeat them), one about another thing
  // of the same kind does not answer: asked about the "north kiln", "our south kiln fires at
  // 1,200 degrees" is about something else.
  const modifiers = remembered(context, askedWordsOf, question);
  const personal = from('person').filter((candidate) => !namesAnother(modifiers, candidate));
  const own = from('own').filter((candidate) => !namesAnother(modifiers, candidate));
  // Asked what they said, the statement that says most of it answers, not the latest that touches it;
  // asked what they said it is in the end, the latest does.
  const saidEarlier = remembered(context, askedAsSaidByThePerson, question);
  const fromPerson = (keep: (candidate: Sourced) => boolean) =>
    choose(
      personKey,
      personal.filter(keep),
      weights,
      mode === 'best' && saidEarlier ? 'best' : mode === 'earliest' ? 'earliest' : 'latest',
      polar,
      holds,
      // A statement that does say the kind ("our glaze is …") speaks of it for sure.
      kind !== undefined && personKey !== key
        ? { ...bonus, kind: { stem: kind, weight: weights.get(kind) ?? 0 } }
        : bonus,
    );
  // Asked what the person said ("… did I say …"), the text of a file they had read does not answer
  // (the engine's notes of what they said still may).
  // Nor does the model's own account of such a file, which repeats its text.
  const fromFiles = new Set(
    pool.filter((candidate) => candidate.fileWords !== undefined).map((candidate) => candidate.text),
  );
  const documents = saidEarlier
    ? from('document').filter((candidate) => candidate.fileWords === undefined)
    : from('document');
  const accounts = saidEarlier ? own.filter((candidate) => !fromFiles.has(candidate.text)) : own;
  const cascade = (keep: (candidate: Sourced) => boolean) =>
    fromPerson((candidate) => candidate.premise !== true && keep(candidate)) ??
    fromPerson((candidate) => candidate.premise === true && keep(candidate)) ??
    choose(key, documents.filter(keep), weights, mode, polar, holds, bonus) ??
    choose(key, accounts.filter(keep), weights, mode, polar, holds, bonus);
  // A name the question writes as code ("MAX_RETRIES", "fetchAll") is asked about as written: a
  // sentence that says it so comes before one that only shares its words.
  const names = codeNames(question);
  // Asked why, a sentence that gives a reason comes before one that only says the same words.
  const givesReason = (candidate: Sourced) => REASONS.inPlain(candidate.text) || namesAReason(candidate.text);
  const chosen =
    (names.length > 0 ? cascade((candidate) => saysName(candidate.text, names)) : undefined) ??
    (shape.wh === 'why' ? cascade(givesReason) : undefined) ??
    cascade(() => true);
  if (chosen === undefined) return ABSTENTION;
  // Too little of what was asked, rare words weighing most, is said by the best sentence: abstain.
  // The person's statements need not name the kind asked for, and common verbs say little.
  // A condition puts the situation in the asker's words ("if we're stuck on an older release"), a text
  // in its own: a word only the condition says, and nothing in view, asks nothing of the answer.
  // So does the premise a fragment leans on ("du keeps wandering into other mounts. Option …?").
  const premise = premiseOnlyStems(remembered(context, askedParts, question));
  // A superlative ("the oldest release that works") asks for a bound, which a text states in words of
  // its own ("2.1 or newer", "at least 2.1").
  const bounds = superlativeStems(askedTokens);
  // The words a statement of the person's need not say still count where it says them.
  const personAsked = asked.filter((stem) => !unsaid.has(stem) || chosen.stems.has(stem));
  const supported = (chosen.origin === 'person' ? personAsked : asked).filter(
    (stem) =>
      !COMMON_VERB_STEMS.has(stem) &&
      !(
        unseen.includes(stem) &&
        (supposed.has(stem) || premise.has(stem) || bounds.has(stem) || besides.has(stem))
      ),
  );
  // The headings over a sentence say what it is about: their words support it as its own do.
  const said = chosen.heading === undefined ? chosen : { ...chosen, ownStems: chosen.stems };
  if (supported.length > 0 && support(supported, said, keyWeights(supported, pool)) < LEAST_SUPPORT) {
    return ABSTENTION;
  }
  // A later statement of the person's that moves from the chosen statement's value to another ("moved
  // from Orton to Bartlett" after "the kilns run Orton") is how things stand now.
  const answering =
    chosen.origin === 'person' && mode !== 'earliest'
      ? (updateOf(
          chosen,
          pool.filter((candidate) => candidate.origin === 'person'),
          asked,
        ) ?? chosen)
      : chosen;
  // Asked "which N", a sentence that says only "this N" leaves which one to what it points back to.
  const pointing =
    head !== undefined && WH_DETERMINERS.has(shape.wh ?? '') && pointsBackTo(answering.text, head);
  const described = pointing
    ? pointedTo(answering)
    : inContext(answering, holds, (alone) => coverage(key, alone, weights, polar) !== undefined);
  // A sentence that describes what its heading names ("A Symbol that …" under "### findUp.stop") is
  // given with the name.
  const reply =
    answering.named === undefined || described.includes(answering.named)
      ? described
      : `${answering.named} (${described})`;
  if (type !== 'yes-no') {
    const answer =
      shape.wh === 'why'
        ? withReason(answering, reply)
        : consequence !== undefined
          ? withConsequence(answering, reply)
          : withExample(answering, reply, holds);
    // Asked what, not why, the person's clause that states what they settled answers; the clause in
    // which they give a reason for it only adds words, and may name the value it replaced ("the
    // weekend crew is away, so the upgrade moves to Wednesday"). A text's reasons stay: its clause of
    // consequence may lean on the condition before it ("if the level is 50 or lower, …, so …").
    // The words of the sentences before it in the same message ("New plan for the glaze class.")
    // complete each clause as they complete the sentence.
    const inMessage = (clause: string) => {
      const read = toCandidate(clause, context.stems);
      const before = answering.saidBefore;
      return before === undefined ? read : { ...read, stems: new Set([...read.stems, ...before]) };
    };
    const answers = (clause: string) =>
      holds(clause) && coverage(personKey, inMessage(clause), weights, polar) !== undefined;
    const stated =
      shape.wh === 'why' || answering.origin !== 'person' || answer !== answering.text
        ? answer
        : withoutAside(withoutReasonClause(answer, answers), answers);
    // Asked how things stand, a statement of a change answers with the new value alone. Asked what
    // holds by default, an option's "instead of 40" is the value asked for.
    const keepsOld =
      mode === 'earliest' || asksOldValue(question) || (asksDefault && answering.origin === 'document');
    if (keepsOld) return stated;
    // A statement said anew may say the old value is out too ("…; the tub is out").
    const replaced = answering.replaces;
    const alone = withoutOldValue(stated);
    return replaced === undefined ? alone : withoutReplacedClauses(alone, replaced.stems);
  }
  // A yes or a no is about what the question's verb says ("Does the kiln vent fumes?"): a sentence that
  // says none of its telling verbs, in their words or in words of like meaning, says neither.
  // The sentence must say it as a verb, or as the verb's noun in "-ing" ("no pruning"): "this is a
  // hook for debuggers" says nothing of hooking.
  const verbs = askedVerbStems(askedTokens).filter((stem) => asked.includes(stem));
  const answeringTokens = remembered(context, analyse, answering.text);
  const saidVerbs = new Set(
    answeringTokens
      .filter((token) => token.pos === 'VERB' || (token.pos === 'NOUN' && token.lower.endsWith('ing')))
      .flatMap((token) => contentStems(token.value)),
  );
  if (verbs.length > 0 && !verbs.some((stem) => saidVerbs.has(stem) || answering.alike?.has(stem) === true))
    return ABSTENTION;
  // A question whose only verbs are common ones ("is it gone for good?") still asks about them: the
  // sentence must say one in its own word, since such a verb's words of like meaning stray far ("go",
  // "proceed").
  const common =
    verbs.length > 0
      ? []
      : askedTokens
          .filter((token) => token.pos === 'VERB')
          .flatMap((token) => contentStems(token.value))
          .filter((stem) => COMMON_VERB_STEMS.has(stem));
  if (common.length > 0 && !common.some((stem) => saidVerbs.has(stem))) return ABSTENTION;
  // An order ("Disable the checksums") or a description of a choice ("Controls whether it is sent")
  // asserts neither way.
  if (assertsNothing(answeringTokens)) return ABSTENTION;
  // The polarity asked about is the asked part's: "I'm not sure whether it throws" asks whether it does.
  return `${isNegative(answering.text) !== isNegative(askedWords) ? 'No' : 'Yes'}: ${reply}`;
}

/**
 * `candidate` read as saying the measure a question asks with (the stem of "large" in "how large is
 * …"), as a word of like meaning, when it holds a figure and does not say the word itself.
 */
function withMeasure(candidate: Sourced, measure: string | undefined): Sourced {
  if (measure === undefined || candidate.stems.has(measure) || !holdsFigure(candidate.text)) return candidate;
  return {
    ...candidate,
    alike: new Set([...(candidate.alike ?? []), measure]),
    ownAlike: new Set([...(candidate.ownAlike ?? []), measure]),
  };
}

/**
 * The latest of the person's statements after `chosen` that leaves behind a value `chosen` says, a
 * word the question does not say: it replaces that value. Undefined when none does.
 */
function updateOf(
  chosen: Sourced,
  personal: readonly Sourced[],
  asked: readonly string[],
): Sourced | undefined {
  const at = personal.findIndex((candidate) => candidate.text === chosen.text);
  if (at < 0) return undefined;
  // Of a statement of several clauses, the value is in those that say what is asked: "the kiln is on
  // circuit 4, and we log firings in a book" keeps its circuit when the book goes.
  const clauses = clausesOf(chosen.text);
  const asking = clauses.filter((clause) => contentStems(clause).some((stem) => asked.includes(stem)));
  const said = new Set(wordsAt((asking.length > 0 ? asking : clauses).join(' ')).map(({ word }) => word));
  let found: Sourced | undefined;
  for (const later of personal.slice(at + 1)) {
    const replaced = leftBehind(later.text).some(
      (word) => said.has(word) && !STOP_WORDS.has(word) && !asked.includes(contentStems(word)[0] ?? ''),
    );
    if (replaced) found = later;
  }
  return found;
}

/**
 * True when the question, in lower case, says the whole of `sentence`, its closing mark aside: the
 * sentence tells nothing the question does not.
 */
function quotedBy(loweredQuestion: string, sentence: string): boolean {
  const said = sentence.trim();
  const closed = said.length > 0 && CLAUSE_MARKS.has(said.at(-1)!) ? said.slice(0, -1) : said;
  return closed.length > 0 && loweredQuestion.includes(closed.toLowerCase());
}

/** The stems of the verbs a question says that tell what it asks about: not common ones ("have", "get"). */
function askedVerbStems(asked: readonly Token[]): string[] {
  return asked
    .filter((token) => token.pos === 'VERB')
    .flatMap((token) => contentStems(token.value))
    .filter((stem) => !COMMON_VERB_STEMS.has(stem));
}

/**
 * The stems of the paths a question names outside the workspace ("/etc/kiln/limits.conf": etc, kiln,
 * limit, conf): no read reaches them, so they name a thing asked about, where a workspace path names
 * where to look.
 */
function pathStemsAsked(asked: string): string[] {
  return findPaths(asked)
    .filter(({ path }) => outsideWorkspace(path))
    .flatMap(({ path }) => contentStems(path));
}

/**
 * The person's statements, each also saying the words that name, in an earlier statement of theirs,
 * the thing it names again with "the": said after "our glaze test tiles are in the shed", "the test
 * tiles move to the kiln room" speaks of the glaze test tiles. The earlier word counts that stood
 * right before the word after "the", when the later statement does not say it.
 */
function withReferents(context: ReaderContext, pool: readonly Sourced[]): Sourced[] {
  const earlier: (readonly string[])[] = [];
  return pool.map((candidate) => {
    if (candidate.origin !== 'person') return candidate;
    const named = remembered(context, definiteWords, candidate.text);
    const inherited = new Set<string>();
    for (const said of earlier) {
      said.forEach((word, at) => {
        const before = said[at - 1];
        if (at > 0 && before !== undefined && named.has(word) && !candidate.stems.has(before))
          inherited.add(before);
      });
    }
    earlier.push(remembered(context, phraseWords, candidate.text));
    if (inherited.size === 0) return candidate;
    // The phrase names the thing itself: its words are the sentence's own.
    return saying(candidate, inherited);
  });
}

/** A text's words in order, lower case, each path standing as one gap (""): its parts name no thing. */
function wordsApartFromPaths(text: string): string[] {
  return text.split(/\s+/).flatMap((token) => (asPath(token) === undefined ? words(token) : ['']));
}

/** The stems of a text's words in order, a path or a function word standing as a gap (""). */
function phraseWords(text: string): string[] {
  return wordsApartFromPaths(text).map((word) => (STOP_WORDS.has(word) ? '' : (contentStems(word)[0] ?? '')));
}

/**
 * The stems of the words that follow a definite article right after it ("the test tiles": test): a
 * phrase with a word of its own before them ("the clay test tiles") names another thing.
 */
function definiteWords(text: string): ReadonlySet<string> {
  const said = wordsApartFromPaths(text);
  const found = new Set<string>();
  said.forEach((word, at) => {
    if (!ARTICLES.has(word) || INDEFINITE_DETERMINERS.has(word)) return;
    const stemmed = STOP_WORDS.has(said[at + 1] ?? '') ? undefined : contentStems(said[at + 1] ?? '')[0];
    if (stemmed !== undefined) found.add(stemmed);
  });
  return found;
}

/**
 * A reply whose sentence introduces code it does not hold ("import the browser module.", "Sign in
 * once:") goes on with the code block after it, where documentation shows what it says.
 */
function withExample(chosen: Sourced, reply: string, holds: (sentence: string) => boolean): string {
  const { following } = chosen;
  if (following === undefined || !following.startsWith('```')) return reply;
  if (codeSpans(chosen.text).length > 0 || !holds(following)) return reply;
  return `${reply} ${following}`;
}

/** Words and phrases that say what follows from something. */
const CONSEQUENCES = new Phrases(CONSEQUENCE_MARKERS);

/** Words and phrases that give a reason. */
const REASONS = new Phrases(REASON_MARKERS);

/**
 * A reply to "why": a sentence that gives no reason ("Pressing the key stops the program.") is
 * explained by what goes on from it, when the sentence after it points back to it ("That key sends
 * a signal …"), so that one is said too. A sentence that names the reason only by pointing back
 * ("This is why the lid stays shut.") has it in the sentence it refers to, which leads the reply.
 */
function withReason(chosen: Sourced, reply: string): string {
  if (REASONS.inPlain(chosen.text)) return reply;
  const { antecedent, following } = chosen;
  if (antecedent !== undefined && reply === chosen.text && namesAReason(chosen.text)) {
    return `${antecedent} ${reply}`;
  }
  if (following === undefined || !pointsBack(following)) return reply;
  return `${reply} ${following}`;
}

/**
 * `sentence` without the clause that gives a reason, when the clause it explains answers alone (as
 * `answers` decides) and the reason does not: "the crew is away, so the upgrade moves to Wednesday"
 * gives "the upgrade moves to Wednesday"; "the upgrade moves to Wednesday, because the crew is away"
 * too. The sentence as it is when it has no such clause, or when the clause left would not answer.
 */
export function withoutReasonClause(sentence: string, answers: (clause: string) => boolean): string {
  const words = wordsAt(sentence);
  for (const [at, word] of words.entries()) {
    const consequence = CONSEQUENCE_CONJUNCTIONS.has(word.word);
    if ((!consequence && !REASON_CONJUNCTIONS.has(word.word)) || !followsComma(sentence, words, at)) continue;
    const comma = sentence.indexOf(',', words[at - 1]!.end);
    const before = `${sentence.slice(0, comma)}${/[.!]\s*$/.exec(sentence)?.[0].trim() ?? ''}`;
    const after = sentence.slice(word.end).trim();
    const [kept, dropped] = consequence ? [after, before] : [before, after];
    if (answers(kept) && !answers(dropped)) return kept;
  }
  return sentence;
}

/**
 * A person's statement without an aside they put in brackets ("my extension is 4086 (the front desk's
 * is 4000)"), when what stands outside them still answers: the aside speaks of something else, and
 * may hold a value of the same kind.
 */
function withoutAside(sentence: string, answers: (clause: string) => boolean): string {
  const open = sentence.indexOf(' (');
  const close = sentence.indexOf(')', open);
  if (open < 0 || close < 0) return sentence;
  const kept = `${sentence.slice(0, open)}${sentence.slice(close + 1)}`;
  return answers(kept) ? kept : sentence;
}

/**
 * A reply to "what happens": a sentence that says no consequence ("The kiln's top temperature is set
 * in degrees.") is followed by what goes on from it, when the subject of the sentence after it points
 * back to it ("Values above 1,300 for this setting are cut to 1,300."). A sentence after it that
 * only mentions "it" later on ("Nothing happens while it is off.") is about something else.
 */
function withConsequence(chosen: Sourced, reply: string): string {
  const { following } = chosen;
  if (following === undefined || CONSEQUENCES.inPlain(chosen.text)) return reply;
  const tokens = analyse(following);
  const verb = tokens.findIndex((token) => isVerbal(token));
  const subject = tokens.slice(0, verb < 0 ? tokens.length : verb);
  return subject.length > 0 && pointsBack(joined(subject, tokens)) ? `${reply} ${following}` : reply;
}

/**
 * True when a sentence speaks of a reason without giving one: "This is the reason …", "That's why …",
 * or a purpose that points back ("To avoid this, stop the pump first.").
 */
function namesAReason(sentence: string): boolean {
  if (words(sentence).some((word) => word === 'why' || EXPLANATION_STEMS.has(contentStems(word)[0] ?? '')))
    return true;
  const [marker, verb, object] = analyse(sentence);
  return (
    marker !== undefined &&
    INFINITIVE_MARKERS.has(marker.lower) &&
    verb?.pos === 'VERB' &&
    object !== undefined &&
    (DEMONSTRATIVES.has(object.lower) || REFERRING_PRONOUNS.has(object.lower))
  );
}

/** The names a question writes as code: in backticks, with `_` inside, or in camelCase. */
export function codeNames(question: string): string[] {
  const names = new Set<string>();
  for (const match of question.matchAll(/`([^`\s]+)`|\b([A-Za-z$][\w$]*_[\w$]*|[a-z]+[A-Z][\w$]*)\b/g)) {
    const name = match[1] ?? match[2];
    if (name) names.add(name.toLowerCase());
  }
  return [...names];
}

/** True when a sentence says one of `names` as written, not inside a longer name. */
function saysName(sentence: string, names: readonly string[]): boolean {
  const lower = sentence.toLowerCase();
  return names.some((name) => {
    for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
      const before = lower[at - 1] ?? ' ';
      const after = lower[at + name.length] ?? ' ';
      if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
    }
    return false;
  });
}

/**
 * The reply for a chosen sentence: the sentence itself when it answers alone; for one that answers
 * only with the sentence it refers back to, the one of the pair that holds the value asked for first,
 * then the other in brackets. A sentence that holds the value is given alone also when the one before
 * it holds another value of the kind asked for: beside it, that value would read as a second answer.
 */
function inContext(
  chosen: Sourced,
  holds: (sentence: string) => boolean,
  answers: (alone: Candidate) => boolean,
): string {
  const alone = { text: chosen.text, stems: chosen.ownStems, alike: chosen.ownAlike };
  const own = holds(chosen.valueText ?? chosen.text);
  const { antecedent } = chosen;
  if (antecedent === undefined || (own && (answers(alone) || holds(antecedent)))) return chosen.text;
  const [lead, rest] = own ? [chosen.text, antecedent] : [antecedent, chosen.text];
  return `${lead} (${rest})`;
}

/**
 * The reply for a chosen sentence that says only "this N" of the N asked about: what it points back
 * to (the sentence before it, or the term or heading it lies under) first, then the sentence.
 */
function pointedTo(chosen: Sourced): string {
  return chosen.antecedent === undefined ? chosen.text : `${chosen.antecedent} (${chosen.text})`;
}

/**
 * The sentence that answers best: the highest weighted coverage, the latest or the earliest. A
 * sentence that answers only with the sentence it refers back to is taken when none answers alone.
 */
function choose(
  key: readonly string[],
  pool: readonly Sourced[],
  weights: ReadonlyMap<string, number>,
  mode: TemporalMode,
  polar: boolean,
  holds: (sentence: string) => boolean,
  bonus: Bonus,
): Sourced | undefined {
  const alone = pool.filter((candidate) => holds(candidate.valueText ?? candidate.text));
  // A sentence read as it stands is read under its headings, which say what it is about; their words
  // weigh as those of the sentence before it do, half its own.
  // So is a statement that says an earlier one anew, under that one's words.
  const bySelf = alone.map((candidate) => ({
    ...candidate,
    stems: new Set([
      ...candidate.ownStems,
      ...(candidate.heading?.stems ?? []),
      ...(candidate.replaces?.stems ?? []),
    ]),
    alike: candidate.ownAlike,
  }));
  const index = chooseAmong(key, bySelf, weights, mode, polar, bonus);
  if (index !== undefined) return alone[index];
  // With the words of what it lies under: first a sentence that holds a value itself, then one whose
  // value is in the sentence before it or in its heading.
  const holding = chooseAmong(key, alone, weights, mode, polar, bonus);
  if (holding !== undefined) return alone[holding];
  const withContext = chooseAmong(key, pool, weights, mode, polar, bonus);
  return withContext === undefined ? undefined : pool[withContext];
}

/**
 * True when the person said, earlier in the same message, that what follows is a change: "Change of
 * plans! We go with the tall shelf for the glazes." (a verb of change among the words said before it,
 * or in the sentence it refers back to).
 */
function saidAChange(candidate: Sourced): boolean {
  if (candidate.origin !== 'person') return false;
  return (
    (candidate.saidBefore !== undefined && [...candidate.saidBefore].some(isChangeStem)) ||
    (candidate.antecedent !== undefined && statesChange(candidate.antecedent))
  );
}

/** The least share of the best sentence's score that a later one needs to be taken as the latest. */
const LATEST_SHARE = 0.5;

/** The index in `pool` of the sentence `choose` takes, among sentences read as they stand. */
function chooseAmong(
  key: readonly string[],
  pool: readonly Sourced[],
  weights: ReadonlyMap<string, number>,
  mode: TemporalMode,
  polar: boolean,
  bonus: Bonus,
): number | undefined {
  const scored: { index: number; score: number }[] = [];
  // A statement that does say the kind's word ("the default glaze will be celadon") is measured with
  // it, though the person's statements need not say it.
  const { kind } = bonus;
  const saysKind = (candidate: Candidate) =>
    kind !== undefined &&
    candidate.stems.has(kind.stem) &&
    coverage([...key, kind.stem], candidate, weights, polar) !== undefined;
  for (const [index, candidate] of pool.entries()) {
    if (coverage(key, candidate, weights, polar) === undefined && !saysKind(candidate)) continue;
    const score =
      weightedCoverage(key, candidate, weights) +
      pairBonus(bonus.pairs, candidate, weights, candidate.fileWords) +
      polarityBonus(bonus, candidate, weights) +
      sceneBonus(bonus.scene, candidate) +
      namingBonus(bonus, candidate, weights) +
      (bonus.kind !== undefined && candidate.stems.has(bonus.kind.stem) ? bonus.kind.weight : 0) +
      (bonus.consequence !== undefined && CONSEQUENCES.inPlain(candidate.text) ? bonus.consequence : 0) +
      (bonus.relation !== undefined && bonus.relation.holds(candidate.valueText ?? candidate.text)
        ? bonus.relation.weight
        : 0);
    scored.push({ index, score });
  }
  const best = Math.max(...scored.map(({ score }) => score));
  const top = scored.find(({ score }) => score === best);
  let chosen: { index: number; score: number } | undefined;
  for (const candidate of scored) {
    // Candidates come in order, so "latest" keeps replacing and "earliest" keeps the first. A later
    // sentence that says far less of what is asked than the best one is an aside that touches the
    // subject ("I might fire a test tile in that kiln"), not a newer value, unless it states a
    // change.
    const aside =
      mode === 'latest' &&
      chosen !== undefined &&
      candidate.score < LATEST_SHARE * best &&
      pool[candidate.index]!.replaces === undefined &&
      !statesChange(pool[candidate.index]!.text) &&
      !saidAChange(pool[candidate.index]!);
    if (aside) continue;
    // Asked how things stand, a statement that a thing holds no more ("we're not using the gas kiln
    // any more") says what was: a value it names is not the one that holds.
    if (mode === 'latest' && !polar && saysCeased(pool[candidate.index]!.text)) continue;
    // A later change away from a value the best sentence does not say changes something else about
    // the same thing: "the kiln now fires at 1,200 instead of 1,180" does not answer what glaze it
    // takes, however much of the question it shares.
    if (
      mode === 'latest' &&
      top !== undefined &&
      candidate.index > top.index &&
      candidate.score < best &&
      changesAnother(pool[candidate.index]!.text, pool[top.index]!.text)
    )
      continue;
    // A statement said anew later ("… in a jar instead") gives way to the later one.
    const anew = chosen !== undefined && pool[candidate.index]!.replaces?.text === pool[chosen.index]!.text;
    const better =
      chosen === undefined ||
      mode === 'latest' ||
      anew ||
      (mode === 'best' && candidate.score >= chosen.score);
    if (better) chosen = candidate;
  }
  return chosen?.index;
}

/** True when `later` states a change that leaves behind a value, and `best` says none of its words. */
function changesAnother(later: string, best: string): boolean {
  const left = leftBehind(later).filter((word) => !STOP_WORDS.has(word));
  // "… rather than our current supplier" leaves behind the value in place, whichever it is.
  if (left.length === 0 || left.some((word) => STANDING_VALUE_WORDS.has(word))) return false;
  const said = new Set(wordsAt(best).map(({ word }) => word));
  return !left.some((word) => said.has(word));
}

/**
 * A question's words in order, for `namesAnother`: each one's stem (none for a function word) and
 * whether it can say which thing the noun after it is (an adjective, a noun, a name, a number; not a
 * verb: "getting recipes" names no kind of recipe).
 */
function askedWordsOf(question: string): AskedWord[] {
  return analyse(question).flatMap((token) =>
    words(token.value).map((word) =>
      // A day said relative to now ("stock today") is no noun a word before it modifies.
      RELATIVE_DAYS.has(word)
        ? { stem: undefined, modifies: false }
        : { stem: contentStems(word)[0], modifies: MODIFYING_POS.has(token.pos) },
    ),
  );
}

/** A question's word, as `namesAnother` reads it. */
interface AskedWord {
  stem: string | undefined;
  modifies: boolean;
}

/** Parts of speech of a word that may say which thing a noun after it is. */
const MODIFYING_POS: ReadonlySet<string> = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM', 'X']);

/**
 * True when a sentence speaks of another thing of the same kind: a noun of the question that the
 * sentence says too, with a word before it in the question that the sentence lacks and a different
 * word before it in the sentence.
 */
function namesAnother(asked: readonly AskedWord[], candidate: Candidate): boolean {
  // A path counts as no word: its parts ("tools/hooks") are no modifier and noun.
  const said = wordsApartFromPaths(candidate.text).map((word) =>
    word === '' ? undefined : contentStems(word)[0],
  );
  for (let i = 0; i + 1 < asked.length; i++) {
    if (asked[i]?.modifies !== true) continue;
    const [modifier, noun] = [asked[i]?.stem, asked[i + 1]?.stem];
    if (!modifier || !noun || !/^\p{L}+$/u.test(modifier + noun)) continue;
    if (candidate.stems.has(modifier) || !candidate.stems.has(noun)) continue;
    if (
      said.some((stem, j) => stem === noun && j > 0 && said[j - 1] !== undefined && said[j - 1] !== modifier)
    )
      return true;
  }
  return false;
}
