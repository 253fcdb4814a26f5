/**
 * Questions about the conversation's own reading ("which file did you read first?", "the second
 * file?"), answered from the order of the reads in view rather than from what the files say; and the
 * place in time a question asks about ("now", "at the start"), which chooses among answers.
 */
import type { VisibleText } from './message-views.js';
import { stringArgument } from './message-views.js';
import { askedNouns } from './answer-types.js';
import { FRAMING, isCandidate } from './candidate-sentence.js';
import {
  INTENSIFIERS,
  PARTITIVE_PREPOSITIONS,
  BE_FORMS,
  CONVERSATION_PRONOUNS,
  EXAMINING_VERBS,
  FILE_NOUNS,
  FILE_READING_VERBS,
  FIRST_PERSON_OBJECTS,
  FIRST_PERSON_SUBJECTS,
  MODALS,
  ORDER_END_WORDS,
  PERSONAL_PRONOUNS,
  POSSESSIVE_DETERMINERS,
  POSITION_ORDINALS,
  PRIMARY_AUXILIARIES,
  PURPOSE_PREPOSITIONS,
  READING_NOUNS,
  WH_DETERMINERS,
} from './lexicon.js';
import {
  EARLIEST_PHRASE,
  LATEST_PHRASE,
  outsideConditions,
  RECENT_PHRASE,
  withoutTimeClauses,
} from './match.js';
import { Phrases, plainTokensAt } from './phrases.js';
import { tokens } from './nlp.js';
import { analyse, isPastForm, type Token } from './language.js';
import { askedText, isQuestion, withoutAskingLabel } from './dialogue-act.js';
import { endsAsking, findPaths, hasVerb, sentences, stem, stemSet, words } from './text.js';

/** Which of several matching sentences a question wants. */
export type TemporalMode = 'latest' | 'earliest' | 'best';

/** The temporal preference a question states, if any. */
export function temporalMode(question: string, ofReads = false): TemporalMode {
  // "At the very start" places a question as "at the start" does.
  // A time phrase in a condition ("if the glaze crazes at first, …") places nothing.
  const tokens = outsideConditions(question).filter((token) => !INTENSIFIERS.has(token.word));
  const placing = (phrases: Phrases) => {
    const hit = phrases.find(question, 0, tokens);
    // "At the end of the queue" names a place, not a time ("first of all" still places); asked about
    // the order of reads (`ofReads`), "at the beginning of this session" is a time.
    if (
      hit === undefined ||
      (!ofReads && hit.phrase.includes(' ') && PARTITIVE_PREPOSITIONS.has(tokens[hit.after]?.word ?? ''))
    )
      return false;
    return !(ORDER_END_WORDS.has(hit.phrase) && ordersAThing(question, hit.phrase));
  };
  if (placing(LATEST_PHRASE)) return 'latest';
  if (placing(EARLIEST_PHRASE)) return 'earliest';
  if (placing(RECENT_PHRASE)) return 'latest';
  return 'best';
}

/**
 * True when `word` ("first", "last") is an adverb of a clause about the order of things, not of what
 * happened in the conversation: "Which shelf does the kiln heat first?" asks about the kiln's own
 * order, which a text gives, and "Which site are we doing first?" about the plan's, not about the
 * earliest of several answers. "What did we pick first?", in the past with someone of the
 * conversation in it, places the question among events.
 */
function ordersAThing(question: string, word: string): boolean {
  const read = tokens(question);
  // "My first ticket", "its last release": after a possessive, the word names one thing of someone's.
  const possessed = read.some(
    (token, at) =>
      token.lemma === word &&
      POSSESSIVE_DETERMINERS.has(read[at - 1]?.value.toLowerCase() ?? '') &&
      NOMINAL.has(read[at + 1]?.pos ?? ''),
  );
  if (possessed) return true;
  // "What did we pick first?" places the question among what happened; "Which site are we doing first?",
  // with an auxiliary of the present or the future, asks about the order of the plan itself.
  const personal = read.some(
    (token) => CONVERSATION_PRONOUNS.has(token.lemma) || FIRST_PERSON.has(token.lemma),
  );
  // The frame of an indirect question ("could you tell me …") has auxiliaries of its own.
  if (personal && !analyse(askedText(question)).some(isPlanAuxiliary)) return false;
  // "Which note was opened first?" places a read among the conversation's, as "you" would.
  if (readInThePast(question)) return false;
  // Tagged an adverb, or an adjective that stands in no noun phrase ("try first for …"; not "the
  // first release").
  return read.some(
    (token, at) =>
      token.lemma === word &&
      (token.pos === 'ADV' ||
        (token.pos === 'ADJ' &&
          !DETERMINING.has(read[at - 1]?.pos ?? '') &&
          !NOMINAL.has(read[at + 1]?.pos ?? ''))),
  );
}

/**
 * An auxiliary of the present or the future ("are we doing", "will we start", "do we try"), which puts
 * a clause in the plan rather than among what happened; "have" makes a perfect, which tells what has.
 */
function isPlanAuxiliary(token: Token): boolean {
  return token.pos === 'AUX' && token.lemma !== 'have' && !isPastForm(token);
}

/** Parts of speech of a word that opens a noun phrase ("the first", "its first"). */
const DETERMINING: ReadonlySet<string> = new Set(['DET', 'PRON']);
/** Parts of speech a word of a noun phrase may be followed by within it. */
const NOMINAL: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

/** The person speaking, alone or with others, in any case. */
const FIRST_PERSON = new Set([...FIRST_PERSON_SUBJECTS, ...FIRST_PERSON_OBJECTS]);

/** Verbs by which a text says a file was looked at, as stems. */
const FILE_READ_VERBS = stemSet([...FILE_READING_VERBS].join(' '));

/**
 * True when a verb of reading stands in the past passive with only a place in the order after it:
 * "which glaze log was reviewed last" speaks of the conversation's reads without saying "you";
 * "which file is read first", "which file was read first at boot" and "… by the loader" speak of
 * something else.
 */
function readInThePast(question: string): boolean {
  const read = analyse(question);
  return read.some((token, at) => {
    const reading =
      FILE_READ_VERBS.has(stem(token.value)) || (token.pos === 'VERB' && EXAMINING_VERBS.has(token.lemma));
    if (!reading) return false;
    // Only its place in the order may follow: "… at boot", "… by the loader" say where or by whom.
    if (!read.slice(at + 1).every((later) => ['ADV', 'ADJ', 'NUM', 'PUNCT'].includes(later.pos)))
      return false;
    const before = read[at - 1]?.pos === 'ADV' ? read[at - 2] : read[at - 1];
    return before !== undefined && BE_FORMS.has(before.lower) && isPastForm(before);
  });
}

/**
 * True for "which file did you read first" style questions, answered from the order of reads: a
 * which/what question about the conversation's own reading (you, we, our reading), by its
 * structure: a reading verb, or the order ("first", "last") of a file or document. "Which file does
 * bash read" is about what a program reads, not about the conversation, and is answered from text.
 */
export function isFileOrderQuestion(prompt: string): boolean {
  // A clause that places the question in time ("… before you opened the files?") says when, not what
  // is asked: "Chore before the files?" asks for no file. Nor is a note's label ("Q -") asked.
  // A phrase of what the answer is for before the question word and a comma ("For the log (order
  // matters), which file …") says why it is asked: the question is what follows.
  const question = withoutLeadingPurpose(withoutTimeClauses(withoutAskingLabel(prompt)));
  // "Second file?", "First file read?": a place in the order of reads and a file, and nothing else.
  const readingNoun = words(question).some((word) => READING_NOUNS.has(word));
  // "Last file you read?": the same, with a clause of reading that qualifies the file.
  if (isElliptical(question) || isQualifiedFragment(question)) return readingNoun && ordered(question);
  if (!WH.inPlain(question)) return false;
  if (!CONVERSATION.inPlain(question) && !readInThePast(question)) return false;
  // What it asks for is something read: "which README", "what file", or nothing named ("what did you read").
  const asked = askedNouns(question).map((noun) => noun.toLowerCase());
  const reading = hasVerb(question, FILE_READ_VERBS);
  // Whatever the question calls what was read ("which changelog did you read second?"), a place in
  // the order of the conversation's reads is one of the files read.
  const namesRead = asked.some((noun) => READING_NOUNS.has(noun)) || (reading && ordered(question));
  if (asked.length > 0 && !namesRead) return false;
  if (reading) return true;
  return ordered(question) && words(question).some((word) => READING_NOUNS.has(word));
}

/**
 * `question` from its question word on, when it opens with a phrase of what the answer is for ("For
 * the log, which …") and a comma stands before the question word; else all of it.
 */
function withoutLeadingPurpose(question: string): string {
  if (!PURPOSE_PREPOSITIONS.has(words(question)[0] ?? '')) return question;
  const hit = WH.find(question);
  if (hit === undefined || !question.slice(0, hit.start).trimEnd().endsWith(',')) return question;
  return question.slice(hit.start);
}

/** The files the visible context shows being read, in order of appearance (repeats kept). */
export function filesReadInOrder(texts: readonly VisibleText[]): string[] {
  const files: string[] = [];
  for (const visible of texts) {
    if (visible.source === 'call') {
      const path =
        visible.call?.tool === 'read_file' ? stringArgument(visible.call.arguments, 'path') : undefined;
      if (path !== undefined) files.push(path);
    } else if (visible.source === 'assistant' || (visible.source === 'user' && FRAMING.test(visible.text))) {
      // A file's own text may name other files, and the person's request to read one is no read:
      // only the model's accounts and the engine's records of the conversation count.
      for (const sentence of sentences(visible.text)) {
        if (!isCandidate(sentence) || !hasVerb(sentence, FILE_READ_VERBS)) continue;
        // An earlier answer about the order ("the first file I read was …") reports no new read.
        if (namesEndOfOrder(sentence)) continue;
        files.push(...readInAccount(sentence));
      }
    }
  }
  return files;
}

/**
 * The paths a sentence says were read. Before a colon, the sentence says what was read ("I read x.md:
 * …", "file x.md: read lines 3-9"), and after it what the file says. With no colon, the paths after
 * its verb of reading ("I opened x.md and y.md"): one before it belongs to a file's own text that an
 * account quotes ("NAME sysctl.conf - preload/configuration file … values to be read").
 */
function readInAccount(sentence: string): string[] {
  const colon = sentence.indexOf(': ');
  if (colon >= 0) return findPaths(sentence.slice(0, colon)).map((mention) => mention.path);
  const verb = plainTokensAt(sentence).find((token) => FILE_READ_VERBS.has(stem(token.word)));
  return findPaths(sentence)
    .filter((mention) => verb === undefined || mention.index >= verb.end)
    .map((mention) => mention.path);
}

const WH = new Phrases(WH_DETERMINERS);
const CONVERSATION = new Phrases(CONVERSATION_PRONOUNS);

/** True when a sentence names an end of an order of files, as in "the last file", one space between. */
function namesEndOfOrder(sentence: string): boolean {
  const tokens = plainTokensAt(sentence);
  return tokens.some((token, i) => {
    const next = tokens[i + 1];
    return (
      next !== undefined &&
      ORDER_END_WORDS.has(token.word) &&
      sentence.slice(token.end, next.start) === ' ' &&
      FILE_NOUNS.has(next.word)
    );
  });
}

export function answerFileOrder(prompt: string, texts: readonly VisibleText[]): string {
  const question = withoutLeadingPurpose(prompt);
  const files = filesReadInOrder(texts);
  if (files.length === 0) return "I don't know: I can't see any file being read.";
  // "the second file", "the 3rd file": a position after the first.
  const position = positionAsked(question);
  // "1st file read?" asks for the first.
  if (position === 1) return `The first file I read was ${files[0] ?? ''}.`;
  if (position !== undefined) {
    const distinct = [...new Set(files)];
    const file = distinct[position - 1];
    return file === undefined
      ? `I don't know: I can see only ${distinct.length} ${distinct.length === 1 ? 'file' : 'files'} being read.`
      : `The ${ordinal(position)} file I read was ${file}.`;
  }
  const mode = temporalMode(question, true);
  if (mode === 'earliest') return `The first file I read was ${files[0] ?? ''}.`;
  if (mode === 'latest') return `The last file I read was ${files.at(-1) ?? ''}.`;
  const distinct = [...new Set(files)];
  return `I read ${distinct.join(', ')}.`;
}

/** True when a question names a place in an order: first, last, second, … */
function ordered(question: string): boolean {
  return temporalMode(question, true) !== 'best' || positionAsked(question) !== undefined;
}

/**
 * A question of a few words that opens with no question word, auxiliary or modal and says a verb of
 * reading after its noun ("Last file you read?", "the second doc we opened?").
 */
function isQualifiedFragment(question: string): boolean {
  const said = words(question);
  const [first] = said;
  if (first === undefined || !isQuestion(question) || said.length > 6) return false;
  if (WH.inPlain(question) || PRIMARY_AUXILIARIES.has(first) || MODALS.has(first)) return false;
  return hasVerb(question, FILE_READ_VERBS);
}

/** A question of a few words without an auxiliary, a modal or a pronoun ("First file?", "Second file read?"). */
function isElliptical(question: string): boolean {
  const said = words(question);
  const clause = (word: string) =>
    PRIMARY_AUXILIARIES.has(word) || MODALS.has(word) || PERSONAL_PRONOUNS.has(word);
  return endsAsking(question.trim()) && said.length <= 4 && !said.some(clause);
}

/**
 * The position that a question asks for, in a word after the first ("the second file") or in a
 * figure ("the 3rd", "1st"), if any.
 */
function positionAsked(question: string): number | undefined {
  for (const word of words(question)) {
    const named = POSITION_ORDINALS.indexOf(word);
    if (named >= 0) return named + 2;
    const figure = /^(\d+)(?:st|nd|rd|th)$/.exec(word)?.[1];
    if (figure !== undefined && Number(figure) > 0) return Number(figure);
  }
  return undefined;
}

/** The ordinal word for a position. */
function ordinal(position: number): string {
  return POSITION_ORDINALS[position - 2] ?? `${position}th`;
}
