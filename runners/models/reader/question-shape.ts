/**
 * A question's shape: its question word, the head noun of what it asks for, and from the two the kind
 * of value it wants. The head noun is found from the parts of speech: the noun a "which"/"what"
 * determines ("which Redis version" -> version), the noun after "how many", the X of "what is the
 * X of Y", the object of a need stated as a statement ("I still need the port that ...") and the noun
 * of a fragment ("Kiln temperature?"). An indirect question ("I forget which file ...", "remind me
 * what port ...") is read as the question it embeds.
 */
import {
  BE_FORMS,
  CLAUSE_WH_WORDS,
  CONJUNCTIONS,
  HANDING_VERBS,
  RESTATING_VERBS,
  KNOWING_VERBS,
  LISTENER_PRONOUNS,
  FIRST_PERSON_OBJECTS,
  POSSESSIVE_DETERMINERS,
  MEASURE_ADJECTIVES,
  MASS_QUANTIFIERS,
  NAMING_PARTICIPLES,
  NEED_VERBS,
  PARTITIVE_PREPOSITIONS,
  POLITENESS,
  PREDETERMINERS,
  PRO_FORMS,
  QUESTION_TAKING_VERBS,
  REASON_AFTER_HOW,
  SPAN_ADVERBS,
  TELLING_VERBS,
  WH_DETERMINERS,
  WITHIN_PREPOSITIONS,
  YES_NO_COMPLEMENTISERS,
  DECLARATIVE_COMPLEMENTISERS,
} from './lexicon.js';
import { taggedSentences, type TaggedWord } from './parts-of-speech.js';
import { CLAUSE_MARKS } from './value-spans.js';
import { isPastForm } from './language.js';
import {
  kindOfNoun,
  nounPhrase,
  shapeOfPhrase,
  isAuxiliary,
  isPossessive,
  isWh,
  isWord,
  NOMINAL,
  type AnswerType,
  type QuestionShape,
} from './noun-phrase.js';

export type { AnswerType, QuestionShape };

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
    case 'where': {
      // "Where in the rack …" asks for a place within it: its start, its end.
      if (next === undefined || !WITHIN_PREPOSITIONS.has(next.lower)) return { wh, type: 'any', nouns: [] };
      let from = at + 2;
      while (words[from]?.pos === 'DET') from++;
      const phrase = nounPhrase(words, from);
      const head = phrase.at(-1)?.value;
      return {
        wh,
        ...(head === undefined ? {} : { head }),
        type: 'position',
        nouns: phrase.map((w) => w.value),
      };
    }
    case 'how': {
      if (next !== undefined && REASON_AFTER_HOW.has(next.lower))
        return { wh: 'why', type: 'any', nouns: [] };
      if (next !== undefined && SPAN_ADVERBS.has(next.lower)) return { wh, type: 'duration', nouns: [] };
      if (next !== undefined && MEASURE_ADJECTIVES.has(next.lower)) {
        const phrase = nounPhrase(words, at + 2);
        // "How much time …" measures in the kind its noun names (a span), not in a count.
        const measured = MASS_QUANTIFIERS.has(next.lower) ? shapeOfPhrase(phrase, wh, words) : undefined;
        if (measured !== undefined && measured.type !== 'any' && measured.type !== 'number') return measured;
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
      // "Which of the files ...": the noun after "of".
      let from = at + 1;
      if (words[from]?.pos === 'ADP' && PARTITIVE_PREPOSITIONS.has(words[from]!.lower)) from++;
      while (from > at + 1 && words[from]?.pos === 'DET') from++;
      const phrase = wholeFor(nounPhrase(words, from), words, at);
      if (phrase.length > 0) return shapeOfPhrase(phrase, wh, words);
      // "What is the X (of Y)?", and as embedded, "what the X is".
      let i = at + 1;
      if (next !== undefined && (BE_FORMS.has(next.lower) || BE_FORMS.has(next.lemma))) i++;
      while (words[i]?.pos === 'DET') i++;
      const subject = i > at + 1 ? nounPhrase(words, i) : [];
      // "What is the kiln called?" asks for a name.
      if (words.some((word) => NAMING_PARTICIPLES.has(word.lower))) {
        return { ...shapeOfPhrase(subject, wh), type: 'identifier', nouns: [] };
      }
      // "What are the logs rotated by?": the subject is no value asked for, but what the verb after it
      // goes to; its preposition is left at the end.
      if (subject.length > 0 && asksVerbsComplement(words, subject)) return { wh, type: 'any', nouns: [] };
      if (subject.length > 0) return { ...shapeOfPhrase(subject, wh, words), nouns: [] };
      // "The X is what?": what is asked is the subject the sentence opens with.
      if (isAuxiliary(words[at - 1]) && (next === undefined || !isWord(next))) {
        let first = clauseStart(words);
        while (words[first]?.pos === 'DET') first++;
        const opening = nounPhrase(words, first);
        if (opening.length > 0) return { ...shapeOfPhrase(opening, wh, words), nouns: [] };
      }
      return { wh, type: 'any', nouns: [] };
    }
    default:
      return { wh, type: 'any', nouns: [] };
  }
}

/**
 * True when the verb after a question's subject (`subject`, after "what is"/"what are") takes the
 * question word as the object of a preposition left at the end: "What are the logs rotated by?",
 * "What is the daemon listening on?". The subject then names what is spoken of, not the kind of
 * value asked for.
 */
function asksVerbsComplement(words: readonly TaggedWord[], subject: readonly TaggedWord[]): boolean {
  const after = words[words.indexOf(subject.at(-1)!) + 1];
  return after?.pos === 'VERB' && words.findLast(isWord)?.pos === 'ADP';
}

/**
 * A phrase with the noun a pro-form stands for: "which one" of "Of all the files, which one …" or
 * "Which one of the notes …" is a file or a note, the whole the question names after "of". Any other
 * phrase as it is.
 */
function wholeFor(phrase: TaggedWord[], words: readonly TaggedWord[], at: number): TaggedWord[] {
  if (phrase.length !== 1 || !PRO_FORMS.has(phrase[0]!.lower)) return phrase;
  for (let i = 0; i < words.length; i++) {
    if (words[i]!.pos !== 'ADP' || !PARTITIVE_PREPOSITIONS.has(words[i]!.lower)) continue;
    let from = i + 1;
    while (
      words[from] !== undefined &&
      (words[from]!.pos === 'DET' || PREDETERMINERS.has(words[from]!.lower))
    )
      from++;
    const whole = nounPhrase(words, from);
    if (whole.length > 0) return whole;
  }
  // "The room I booked was which one?": with no whole named, the one asked about is the subject the
  // sentence opens with, before its question word.
  const subject = words.findIndex((word, i) => i < at && (word.pos === 'NOUN' || word.pos === 'PROPN'));
  const opening = subject < 0 ? [] : nounPhrase(words, subject);
  return opening.length > 0 ? opening : phrase;
}

/** Where a sentence's clause starts: after openers such as "so", "please", "ok," or "By default,". */
function clauseStart(words: readonly TaggedWord[]): number {
  let i = 0;
  // A phrase set off by a comma at the start, with no verb and no question word in it, only frames.
  const comma = words.findIndex((word) => word.value === ',');
  const framed =
    comma > 0 &&
    words.slice(0, comma).every((word) => !isWh(word) && !isAuxiliary(word) && word.pos !== 'VERB');
  const asks = isWh(words[comma + 1]) || isAuxiliary(words[comma + 1]);
  if (framed && asks) i = comma + 1;
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
    while ((words[j]?.pos === 'PRON' || words[j]?.pos === 'ADP') && !isWh(words[j])) j++;
    if (isWh(words[j])) return j;
  }
  return undefined;
}

/**
 * The pronouns that may stand between a verb of needing or asking and what it asks for: the one who
 * is to be given it ("give me", "tell us", "I need you to …") and a possessive of the phrase ("our
 * cone number").
 */
const PASSED_PRONOUNS: ReadonlySet<string> = new Set([
  ...FIRST_PERSON_OBJECTS,
  ...LISTENER_PRONOUNS,
  ...POSSESSIVE_DETERMINERS,
]);

/**
 * The noun phrase a need or a request names as its object: "I still need the port that ...", "tell
 * me the version of ...", "I'd like to know the owner".
 */
function neededObject(words: readonly TaggedWord[], from: number): TaggedWord[] | undefined {
  for (let i = from; i < words.length; i++) {
    const word = words[i];
    if (word === undefined) break;
    // "Could you restate the cone number" asks for it, as "give me" does.
    const asks =
      NEED_VERBS.has(word.lemma) ||
      RESTATING_VERBS.has(word.lemma) ||
      QUESTION_TAKING_VERBS.has(word.lemma) ||
      QUESTION_TAKING_VERBS.has(word.lower);
    // "The number I gave you" tells what was handed over; it asks for nothing. Nor does an infinitive
    // that says what a noun is for ("a switch to show the log"): the noun is what is asked for.
    if (!asks || (HANDING_VERBS.has(word.lemma) && isPastForm({ ...word, negated: false, space: '' })))
      continue;
    if (words[i - 1]?.pos === 'PART' && isNoun(words[i - 2])) continue;
    // Nor does the verb of a relative clause after its noun ("the flag that tells me …"): it says
    // what the noun does.
    if (DECLARATIVE_COMPLEMENTISERS.has(words[i - 1]?.lower ?? '') && isNoun(words[i - 2])) continue;
    let j = i + 1;
    // Past "me", "to know", "of", "about", and the determiners of the noun phrase.
    while (j < words.length) {
      const skip = words[j];
      if (skip === undefined) break;
      // "I need it for the shelf card": a pronoun that stands for a thing is what is needed, and it points
      // back; only one of the two who talk ("give me", "tell us") stands between a verb and its object.
      if (skip.pos === 'PRON' && !isWh(skip) && !PASSED_PRONOUNS.has(skip.lower)) return undefined;
      const passes =
        (skip.pos === 'PRON' && !isWh(skip)) ||
        skip.pos === 'PART' ||
        skip.pos === 'DET' ||
        (skip.pos === 'ADP' && (j === i + 1 || words[j - 1]?.pos === 'PRON')) ||
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

/**
 * Where the question of a sentence starts when a clause set off by a comma comes first: "When the
 * pump stops, does ...", "Remind me, who ...". The clause after the comma asks when it opens with a
 * question word or an auxiliary.
 */
function afterLeadingClause(words: readonly TaggedWord[], start: number): number {
  const first = words[start];
  if (first === undefined || (isWh(first) && !CLAUSE_WH_WORDS.has(first.lower)) || isAuxiliary(first))
    return start;
  for (let i = start + 1; i < words.length; i++) {
    if (words[i]?.value !== ',') continue;
    const rest = clauseStart(words.slice(i + 1)) + i + 1;
    const opening = words[rest];
    if (opening !== undefined && (isWh(opening) || isAuxiliary(opening))) return rest;
  }
  return start;
}

/**
 * A question word inside a statement or at the end of one, that asks: "I can't recall which
 * day ...", "The fleet runs which release?", "Run by whom?", "Firing: how many hours?". A question
 * word after a noun ("the day when", "the file, which") starts a relative clause and asks nothing.
 */
function questionWordWithin(words: readonly TaggedWord[], from: number): number | undefined {
  for (let i = from; i < words.length; i++) {
    if (!isWh(words[i])) continue;
    const before = words[i - 1];
    if (before === undefined) return i;
    if (before.pos === 'NOUN' || before.pos === 'PROPN' || before.pos === 'NUM') continue;
    // "when" and "where" after a verb open a clause of time or place ("bash calls it when ..."), but
    // one that asks ends the question: "… should go where?", "… go where in the rack?".
    const asked =
      words[i + 1]?.value === '?' ||
      isAuxiliary(before) ||
      before.pos === 'ADP' ||
      before.value === ':' ||
      (WITHIN_PREPOSITIONS.has(words[i + 1]?.lower ?? '') && words.at(-1)?.value === '?');
    if (CLAUSE_WH_WORDS.has(words[i]?.lower ?? '') && !asked) continue;
    if (before.value === ',' && words[i - 2]?.pos !== 'VERB') continue;
    return i;
  }
  return undefined;
}

/**
 * True for a sentence of only an auxiliary, pronouns and perhaps a verb of knowing or telling ("Do
 * you?", "Do you know?", "Can you recall?", "Could you remind me, please?"), which leans on the one
 * before.
 */
function isElliptical(words: readonly TaggedWord[]): boolean {
  const content = words.filter((word) => isWord(word) && !POLITENESS.has(word.lower));
  return (
    content.length <= 4 &&
    content.every(
      (word) =>
        isAuxiliary(word) ||
        word.pos === 'PRON' ||
        KNOWING_VERBS.has(word.lemma) ||
        TELLING_VERBS.has(word.lemma),
    )
  );
}

/**
 * The noun phrase a fragment asks about: of "X: Y?" the part after the colon, and of that the words
 * before its first preposition ("Author of the tool?" -> author).
 */
function fragmentPhrase(words: readonly TaggedWord[], stated: boolean): TaggedWord[] | undefined {
  // An auxiliary makes it a clause, unless it stands in a clause that qualifies the noun phrase
  // ("Exit status when the file is missing?").
  // So does a relative clause after its noun ("Key that is used for signing?").
  const qualifier = words.findIndex(
    (word, i) =>
      i > 0 &&
      (word.pos === 'SCONJ' ||
        isWh(word) ||
        (DECLARATIVE_COMPLEMENTISERS.has(word.lower) && NOMINAL.has(words[i - 1]?.pos ?? ''))),
  );
  const main = qualifier < 0 ? words : words.slice(0, qualifier);
  // One asked with no mark at the end ("kiln delivery date again") is a fragment too; a full stop states,
  // unless the fragment is `stated`: the whole question.
  const end = words.at(-1);
  const closed = end?.value !== '?' && end?.pos === 'PUNCT' && !(stated && end.value === '.');
  if (closed || main.some(isAuxiliary)) return undefined;
  const colon = words.findLastIndex((word) => word.value === ':');
  let part = words.slice(colon + 1).filter(isWord);
  if (part.length === 0) part = words.slice(0, Math.max(colon, 0)).filter(isWord);
  const [opening, second] = part;
  // It opens with its noun phrase; the tagger may read a first noun as a verb ("Kiln temperature?").
  const nominal = (word: TaggedWord) => NOMINAL.has(word.pos) || kindOfNoun(word) !== undefined;
  if (opening === undefined || !(nominal(opening) || (second !== undefined && nominal(second))))
    return undefined;
  // It ends where a preposition, a conjunction, an infinitive ("Setting to stop …") or a relative
  // clause ("Key that stops …": a pronoun or determiner after its first word) starts, and before the
  // subject of a clause that qualifies it ("Function bash calls when …": noun, noun, verb).
  let cut = part.findIndex(
    (word, i) =>
      word.pos === 'ADP' ||
      word.pos === 'SCONJ' ||
      (word.pos === 'PART' && !isPossessive(word)) ||
      (i > 0 && (word.pos === 'PRON' || word.pos === 'DET')),
  );
  const clause = part.findIndex(
    (word, i) => i >= 2 && word.pos === 'VERB' && isNoun(part[i - 1]) && isNoun(part[i - 2]),
  );
  if (clause >= 0 && (cut < 0 || clause - 1 < cut)) cut = clause - 1;
  const phrase = (cut < 0 ? part : part.slice(0, cut)).filter(
    (word) => NOMINAL.has(word.pos) || word.pos === 'VERB' || kindOfNoun(word) !== undefined,
  );
  return phrase.length > 0 ? phrase : undefined;
}

/**
 * The words on either side of the "or" by which `words` join two alternatives ("before or after"),
 * or undefined when they offer none ("or not" offers none).
 */
export function offeredAlternatives(words: readonly { lower: string }[]): string[] | undefined {
  const at = words.findIndex(
    (word, i) => word.lower === 'or' && i > 0 && (words[i + 1]?.lower ?? 'not') !== 'not',
  );
  return at < 0 ? undefined : [words[at - 1]?.lower ?? '', words[at + 1]?.lower ?? ''];
}

/**
 * The preposition whose object a question asks for: the one it leaves before a mark that ends a clause ("which
 * port does the gatehouse listen on?", "the folder the file has to go into") or puts before its question
 * word ("into which folder …?"). Undefined when it has none.
 */
export function askedPreposition(question: string): string | undefined {
  for (const words of taggedSentences(question)) {
    const at = words.findIndex(
      (word, i) =>
        word.pos === 'ADP' &&
        (i === words.length - 1 || CLAUSE_MARKS.has(words[i + 1]!.value) || isWh(words[i + 1])),
    );
    if (at >= 0) return words[at]!.lower;
  }
  return undefined;
}

const isNoun = (word: TaggedWord | undefined) => word?.pos === 'NOUN' || word?.pos === 'PROPN';

/** The shape of one sentence of a question. */
function sentenceShape(words: readonly TaggedWord[], stated: boolean): QuestionShape {
  if (isElliptical(words)) return { type: 'any', nouns: [] };
  const start = afterLeadingClause(words, clauseStart(words));
  const first = words[start];
  if (first === undefined) return { type: 'any', nouns: [] };
  if (isWh(first)) return whShape(words, start);
  const embedded = embeddedQuestion(words, start);
  // "Before or after …?", "Is it on or off?": a question that offers alternatives asks which one holds,
  // not yes or no ("whether or not" offers none).
  const polar: QuestionShape =
    offeredAlternatives(words.slice(start)) !== undefined
      ? { type: 'any', nouns: [], alternatives: true }
      : { type: 'yes-no', nouns: [] };
  if (isAuxiliary(first)) {
    // "Do you know which port ...?" asks for the port, "Could you tell me the port ...?" too; "Does
    // it stop when ...?" asks yes or no.
    if (embedded !== undefined) return whShape(words, embedded);
    const whether = words.some((word) => YES_NO_COMPLEMENTISERS.has(word.lower));
    const needed = whether ? undefined : requestedObject(words, start);
    if (needed !== undefined) return shapeOfPhrase(needed, undefined, words);
    return followingQuestion(words, start) ?? polar;
  }
  if (embedded !== undefined) return whShape(words, embedded);
  if (words.slice(start).some((word) => YES_NO_COMPLEMENTISERS.has(word.lower))) return polar;
  const within = questionWordWithin(words, start);
  if (within !== undefined) return whShape(words, within);
  const needed = neededObject(words, start);
  if (needed !== undefined) return shapeOfPhrase(needed, undefined, words);
  const fragment = fragmentPhrase(words.slice(start), stated);
  if (fragment !== undefined) return shapeOfPhrase(fragment, undefined, words);
  return { type: 'any', nouns: [] };
}

/**
 * The shape of a question joined on after a yes/no one, which asks for the value itself: "Is there an
 * option for that, and what is it?" asks for an option, the kind the first part names when the
 * second only points back to it. Undefined when none is joined on.
 */
function followingQuestion(words: readonly TaggedWord[], start: number): QuestionShape | undefined {
  const joint = words.findIndex((word, i) => i > start && word.pos === 'CCONJ' && isWh(words[i + 1]));
  if (joint < 0) return undefined;
  const asked = whShape(words, joint + 1);
  if (asked.type !== 'any') return asked;
  const named = words.findIndex((word, i) => i > start && i < joint && kindOfNoun(word) !== undefined);
  return named < 0 ? asked : { ...shapeOfPhrase([words[named]!], undefined, words), nouns: [] };
}

/**
 * The object of a request put as a yes/no question to the listener: "Could you tell me the port
 * ...", "Would you mind giving me the address ...".
 */
function requestedObject(words: readonly TaggedWord[], start: number): TaggedWord[] | undefined {
  const subject = words[start + 1];
  if (subject === undefined || subject.pos !== 'PRON' || !LISTENER_PRONOUNS.has(subject.lower))
    return undefined;
  return neededObject(words, start + 2);
}

/**
 * The shape of a question: of its sentences, the first that asks (ends with "?") and has a kind,
 * else the first with a kind, else the first that asks.
 */
export function questionShape(question: string): QuestionShape {
  if (question.trim() === '') return { type: 'any', nouns: [] };
  const sentences = taggedSentences(question);
  // A noun phrase alone with a full stop that is the whole question is what is asked ("Final firing
  // date for the tiles."); beside another sentence, it names the topic that one asks about.
  const alone = sentences.length === 1;
  const shapes = sentences.map((words) => ({
    asks: words.at(-1)?.value === '?',
    shape: sentenceShape(words, alone),
  }));
  const typed = (s: { shape: QuestionShape }) => s.shape.type !== 'any';
  return (
    shapes.find((s) => s.asks && typed(s))?.shape ??
    shapes.find(typed)?.shape ??
    shapes.find((s) => s.asks)?.shape ??
    shapes[0]?.shape ?? { type: 'any', nouns: [] }
  );
}

/**
 * The adjective a direct question of measure asks with ("how large is the glaze store?", "roughly how
 * old are the kilns?", "how many shelves does it hold?"), lower case: "how", the adjective, the
 * words of the noun it may measure, then an auxiliary. Undefined for any other question, and for a
 * "how" of measure embedded in another ("is there a way to see how far along it has got?").
 */
export function measureAsked(question: string): string | undefined {
  for (const words of taggedSentences(question)) {
    const at = words.findIndex(
      (word, i) => word.lower === 'how' && MEASURE_ADJECTIVES.has(words[i + 1]?.lower ?? ''),
    );
    if (at < 0) continue;
    let next = at + 2;
    while (['NOUN', 'ADJ', 'NUM', 'PROPN'].includes(words[next]?.pos ?? '')) next++;
    if (isAuxiliary(words[next])) return words[at + 1]?.lower;
  }
  return undefined;
}

/** The words of the noun phrase a "which"/"what" determines: "which Redis version" -> both. */
export function whichNouns(question: string): string[] {
  for (const words of taggedSentences(question)) {
    const at = words.findIndex((word) => WH_DETERMINERS.has(word.lower));
    if (at >= 0) return wholeFor(nounPhrase(words, at + 1), words, at).map((word) => word.value);
  }
  return [];
}
