/**
 * Question or statement: what a sentence of the person's does, read from its structure rather than
 * from its last mark alone.
 *
 * A sentence asks when it ends in a question mark ("Kiln temperature?"); when it is an interrogative, a
 * wh-word opening a clause ("which port does it use") or an auxiliary before its subject ("is the
 * port open", "can you say …"); when it is an indirect question: the person asks to be told ("tell
 * me …", "remind me …", "let me know …"), says they lack the knowledge ("I forget which …",
 * "I wonder whether …", "I don't know what …"); or when it states a need for one definite thing ("I
 * still need the port that …", "I'd want the name of …"). Anything else states.
 */
import {
  DECLARATIVE_COMPLEMENTISERS,
  DEFINITE_DETERMINERS,
  DEMONSTRATIVES,
  DESIRE_VERBS,
  DO_FORMS,
  BE_FORMS,
  CLITICS,
  EMBEDDED_QUESTION_OPENERS,
  FIRST_PERSON_OBJECTS,
  FIRST_PERSON_SUBJECTS,
  FINDING_OUT_VERBS,
  INFINITIVE_MARKERS,
  KNOWING_VERBS,
  GRATITUDE,
  HEDGES,
  FINDING_VERBS,
  INFORMING_VERBS,
  VALUE_INFORMING_VERBS,
  POSSESSIVE_DETERMINERS,
  PARTY_POSSESSIVES,
  CLARIFYING_VERBS,
  CONDITIONAL_CONJUNCTIONS,
  GENERIC_TIME_CONJUNCTIONS,
  SCENE_CONJUNCTIONS,
  REASON_CONJUNCTIONS,
  RELATIVE_WH_WORDS,
  SUBJECT_PRONOUNS,
  TURN_OPENERS,
  VERIFYING_VERBS,
  ASKING_VERBS,
  LIGHT_VERBS,
  LISTENER_PRONOUNS,
  MODALS,
  QUESTION_TAKING_VERBS,
  QUESTION_LABELS,
  NOTE_LABELS,
  NEED_VERBS,
  COUNT_QUANTIFIERS,
  LABEL_MARKS,
  NEUTER_PRONOUN,
  NOT_KNOWING_VERBS,
  ORDER_OPENING_AUXILIARIES,
  CERTAINTY_WORDS,
  UNCERTAINTY_WORDS,
  PLACE_PRO_FORMS,
  POLITENESS,
  PRIMARY_AUXILIARIES,
  REFERRING_PRONOUNS,
  SAYING_VERBS,
  TELLING_VERBS,
  RESTATING_VERBS,
  STANDALONE_QUESTION_OPENERS,
  WH_DETERMINERS,
  WH_WORDS,
  NEGATIVE_CLITICS,
  ORDINALS,
  VALUE_HEAD_NOUNS,
  TEMPORAL_HEAD_NOUNS,
  VALUE_NOUNS,
} from './lexicon.js';
import { analyse, isPastForm, isSuperlativeForm, isVerbal, joined, placesInTime } from './language.js';
import type { Token } from './language.js';
import { endsAsking, findPaths, sentences, withFormatsAsWords } from './text.js';
import { canBeVerb, compoundHead, lemmasOf } from './thesaurus.js';

/** What one sentence of the person's does. */
export type DialogueAct = 'question' | 'statement';

/** The sentence with its paths as a pronoun ("it"), which the tagger reads as an ordinary one. */
function withoutPaths(written: string): string {
  // An extension that names a format ("a .pot file") is a word, not a path.
  const sentence = withFormatsAsWords(written);
  let text = sentence;
  for (const mention of [...findPaths(sentence)].reverse()) {
    const written = /^\S+/.exec(sentence.slice(mention.index))?.[0] ?? '';
    // A mark after the path that ends its sentence stays: "outside package.json. which file".
    let length = written.length;
    while (
      length > 0 &&
      PATH_CLOSING_MARKS.has(written[length - 1]!) &&
      !mention.path.endsWith(written[length - 1]!)
    ) {
      length--;
    }
    text = `${text.slice(0, mention.index)}${NEUTER_PRONOUN}${text.slice(mention.index + length)}`;
  }
  return text;
}

/** Marks that may follow a path to end a sentence. */
const PATH_CLOSING_MARKS: ReadonlySet<string> = new Set(['.', '!', '?']);

/** The words of a sentence, past the politeness and joining words that open it ("please", "so"). */
function openingWords(tokens: readonly Token[]): Token[] {
  const words = tokens.filter((t) => t.pos !== 'PUNCT' && t.pos !== 'SYM');
  let start = 0;
  while (
    start < words.length &&
    (POLITENESS.has(words[start]?.lower ?? '') || ['INTJ', 'CCONJ'].includes(words[start]?.pos ?? ''))
  ) {
    start++;
  }
  return words.slice(start);
}

/** Tags of the words that say what a sentence is about: nouns, names, verbs, adjectives, numbers. */
const CONTENT_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);

/**
 * True for a question that leans on the sentences before it for what it is about: one with no verb
 * ("Firing temperature?"), one that says a single thing ("Is there a setting for that?"), or one
 * with no subject, neither a question word nor an auxiliary in it nor a pronoun before its verb
 * ("Flag to purge them?", "Purge?"). A verb that points back ("Got it?") checks, and asks nothing.
 */
function isFragment(words: readonly Token[]): boolean {
  if (!words.some(isVerbal)) return true;
  const content = words.filter((word) => CONTENT_TAGS.has(word.pos));
  // "Got it?", "Remember that?": a verb and a word pointing back check that a statement was taken in.
  // A wh-question asks all the same ("What should it return?").
  const checks =
    content.length === 1 &&
    content[0]?.pos === 'VERB' &&
    !words.some((word) => WH_WORDS.has(word.lower)) &&
    words.some((word) => word.pos === 'PRON' || DEMONSTRATIVES.has(word.lower));
  if (checks) return false;
  if (content.length <= 1) return true;
  const verb = words.findIndex((word) => word.pos === 'VERB');
  return (
    !words.some((word) => word.pos === 'AUX' || WH_WORDS.has(word.lower)) &&
    !words.slice(0, Math.max(verb, 0)).some((word) => word.pos === 'PRON')
  );
}

/**
 * True for a wh-question whose only content words are light verbs ("What do I use instead?", "What
 * else does it need?"): it says nothing of what it is about, and leans on the sentences before it.
 * "Got it?" asks no wh-question: it checks that a statement was taken in.
 */
function saysOnlyLightVerbs(words: readonly Token[]): boolean {
  return (
    words.some((word) => WH_WORDS.has(word.lower)) &&
    words.every((word) => !CONTENT_TAGS.has(word.pos) || LIGHT_VERBS.has(word.lemma))
  );
}

/**
 * True for a wh-question with a demonstrative standing alone ("Which sed version was that?", "Which
 * option does that?", "Which flag is for this?"), or one that asks with "be" about "that N" ("What was
 * the name of that field?"): what it asks about is what the sentences before it said.
 */
function pointsBackToPremise(words: readonly Token[]): boolean {
  const copula = words.some((word) => BE_FORMS.has(word.lower));
  // "Will the kiln tools open it?": a pronoun that is what a verb or a preposition takes stands for a
  // thing the sentences before named ("A student sent me a .glz file."). The tagger may read such a
  // verb as an adjective ("open"). So does "there" after a verb for a place they named ("Some
  // potters fire in the east barn. What does kilnctl actually run there?").
  // A check that the person was heard ("Got it?") asks nothing of them.
  const takenBack =
    interrogative(words, '') &&
    words.some(
      (word, i) =>
        (REFERRING_PRONOUNS.has(word.lower) || PLACE_PRO_FORMS.has(word.lower)) &&
        ['VERB', 'ADP', 'ADJ'].includes(words[i - 1]?.pos ?? ''),
    );
  // "How many can I put in that file?": the count's noun is left out, and the sentences before name
  // the things counted.
  const countsTheirThings = words.some((word, i) => {
    const after = words[i + 2];
    return (
      word.lower === 'how' &&
      COUNT_QUANTIFIERS.has(words[i + 1]?.lower ?? '') &&
      after !== undefined &&
      isVerbal(after)
    );
  });
  return (
    takenBack ||
    countsTheirThings ||
    (words.some((word) => WH_WORDS.has(word.lower)) &&
      words.some(
        (word, i) =>
          DEMONSTRATIVES.has(word.lower) &&
          (word.pos === 'PRON' || (word.pos === 'DET' && copula) || opensNoClause(words, i)),
      ))
  );
}

/**
 * True when the conjunction at `at` opens no clause, no verb coming after it: the tagger's "that" in
 * "How do I set that in kilnctl?" is a pronoun.
 */
function opensNoClause(words: readonly Token[], at: number): boolean {
  return words[at]?.pos === 'SCONJ' && !words.slice(at + 1).some(isVerbal);
}

/** An interrogative: a wh-word that opens the sentence's clause, or an auxiliary before a subject. */
function interrogative(words: readonly Token[], sentence: string): boolean {
  const [first, second] = words;
  if (first === undefined) return false;
  // A word that opens a turn and says nothing ("so", "ok", "um") leaves the question after it.
  if (second !== undefined && opensTurn(first)) return interrogative(words.slice(1), sentence);
  // A wh-phrase with an auxiliary and its subject after it asks, whatever follows ("where are the
  // pots going, in the end"), also after a word that opens the sentence ("sorry which kiln did you load").
  if (invertedAfterWh(words, 0) || invertedAfterWh(words, 1)) return true;
  // Further on, where a clause may embed one, only an inversion no embedded question has does.
  if (words.some((_, at) => at > 1 && invertedOnlyInQuestions(words, at))) return true;
  if (askedOfTopic(words)) return true;
  // "When the build fails, it retries": a wh-word opening a clause set off before the main one.
  if (WH_WORDS.has(first.lower)) return !/,\s*\S/.test(sentence);
  const auxiliary = PRIMARY_AUXILIARIES.has(first.lower) || MODALS.has(first.lower);
  if (!auxiliary || second === undefined) return false;
  // "Have a look at …" orders; "Have you …" asks: the subject after the auxiliary is a pronoun or
  // a name, or for the other auxiliaries also a noun phrase ("is the port open").
  const subjects = ORDER_OPENING_AUXILIARIES.has(first.lemma)
    ? ['PRON', 'PROPN']
    : ['PRON', 'PROPN', 'NOUN', 'DET', 'NUM'];
  return subjects.includes(second.pos);
}

/**
 * True when `at` holds a wh-word and, after the words of its phrase ("which one", "how many pots",
 * "what size"), an auxiliary before its subject: "which one did you fire", "where are the pots".
 */
function invertedAfterWh(words: readonly Token[], at: number): boolean {
  return inversionAfterWh(words, at) !== undefined;
}

/** Where the auxiliary of the inversion `invertedAfterWh` finds stands, or undefined. */
function inversionAfterWh(words: readonly Token[], at: number): number | undefined {
  if (!WH_WORDS.has(words[at]?.lower ?? '')) return undefined;
  let next = at + 1;
  while (next <= at + 3 && ['ADJ', 'ADV', 'NOUN', 'NUM'].includes(words[next]?.pos ?? '')) next++;
  const auxiliary = words[next];
  if (auxiliary === undefined || !isAuxiliary(auxiliary)) return undefined;
  return ['PRON', 'PROPN', 'NOUN', 'DET', 'NUM'].includes(subjectAfter(words, next)?.pos ?? '')
    ? next
    : undefined;
}

/** The word after the auxiliary at `at`, past a negation written onto it ("doesn't it", "can't you"). */
function subjectAfter(words: readonly Token[], at: number): Token | undefined {
  const next = words[at + 1];
  return next !== undefined && NEGATIVE_CLITICS.has(next.lower) ? words[at + 2] : next;
}

/** True for a word that opens a turn and says nothing: "so", "ok", "um", "actually". */
function opensTurn(word: Token): boolean {
  return TURN_OPENERS.includes(word.lower);
}

/**
 * True when `at` holds a wh-word that opens no relative clause, with an inversion after it that an
 * embedded question never has: "do", "have" or a modal before its subject ("the tall shelf what did
 * you put on it"), or "be" before a pronoun ("the kiln one where is it") or after a noun. "I know what is
 * needed" and "we discussed what was the plan" embed theirs.
 */
function invertedOnlyInQuestions(words: readonly Token[], at: number): boolean {
  const wh = words[at];
  if (wh === undefined || RELATIVE_WH_WORDS.has(wh.lower)) return false;
  const next = inversionAfterWh(words, at);
  const auxiliary = next === undefined ? undefined : words[next];
  if (next === undefined || auxiliary === undefined) return false;
  // After a noun no clause embeds a question, and "what" or "how" opens no relative one: "the tall
  // shelf what was its load" asks.
  const afterNoun = ['NOUN', 'PROPN', 'NUM'].includes(words[at - 1]?.pos ?? '');
  return !BE_FORMS.has(auxiliaryWord(auxiliary)) || afterNoun || subjectAfter(words, next)?.pos === 'PRON';
}

/**
 * The auxiliary `word` is, written out: a clitic stands for its full form ("what's it called" has
 * "is", "what'll it cost" "will"), and a modal cut short before "n't" for its lemma ("ca" of
 * "can't", "wo" of "won't"); other words as they are.
 */
function auxiliaryWord(word: Token): string {
  if (word.pos === 'AUX' && !MODALS.has(word.lower) && MODALS.has(word.lemma)) return word.lemma;
  if (word.pos !== 'AUX' || word.value.toLowerCase() === word.lower) return word.lower;
  if (word.lemma === 'be' || word.lemma === 'have' || word.lemma === 'do') return word.lemma;
  return CLITICS.get(word.lower) || word.lower;
}

/** True for a primary auxiliary or a modal, written out or as a clitic. */
function isAuxiliary(word: Token): boolean {
  const written = auxiliaryWord(word);
  return PRIMARY_AUXILIARIES.has(written) || MODALS.has(written);
}

/**
 * True for a question asked of a topic named first: a noun phrase, then an auxiliary and a pronoun
 * that stands for it, then a verb in its plain form or, after "be", what is said of it ("the glaze
 * test does it need a second firing", "the big kiln is it vented"). "The kiln does it well" and "the
 * trouble is it cracks" state.
 */
function askedOfTopic(words: readonly Token[]): boolean {
  return words.some((word, at) => {
    const before = words[at - 1];
    const pronoun = words[at + 1];
    if (at === 0 || !['NOUN', 'PROPN'].includes(before?.pos ?? '') || word.pos !== 'AUX') return false;
    // A demonstrative may stand for the topic too, before a state or alternatives said of it ("the
    // vent thing is that on", "the vent is that open or shut"); "the kiln is this one", "the shelf
    // is this high" and "the cone is this: 6" say what the topic is.
    const demonstrative = DEMONSTRATIVES.has(pronoun?.lower ?? '') && pronoun?.pos === 'PRON';
    if (pronoun === undefined || !(SUBJECT_PRONOUNS.has(pronoun.lower) || demonstrative)) return false;
    let rest = at + 2;
    while (words[rest]?.pos === 'ADV') rest++;
    const after = words[rest];
    if (after === undefined) return false;
    if (demonstrative) {
      const alternatives = words.slice(rest + 1).some((later) => later.lower === 'or');
      return (
        BE_FORMS.has(auxiliaryWord(word)) && (after.pos === 'ADP' || (after.pos === 'ADJ' && alternatives))
      );
    }
    if (BE_FORMS.has(auxiliaryWord(word))) return !isVerbal(after);
    const plain = after.pos === 'VERB' && after.lower === after.lemma;
    return plain && (MODALS.has(auxiliaryWord(word)) || DO_FORMS.has(auxiliaryWord(word)));
  });
}

/**
 * True for the word at `at` as a verb of desire: the tagger may take "like" after "I'd" for a
 * preposition, so any use but a noun's counts, except "like" as a filler after a comma or at the
 * start ("…, like the max number"), where no subject or auxiliary comes before it.
 */
function isDesire(words: readonly Token[], at: number): boolean {
  const word = words[at];
  if (word === undefined || !DESIRE_VERBS.has(word.lemma) || word.pos === 'NOUN') return false;
  if (word.pos !== 'ADP') return true;
  const before = words[at - 1];
  return before !== undefined && ['PRON', 'AUX', 'ADV'].includes(before.pos);
}

/** The index of the first token after `from` that opens an embedded question, or -1. */
function openerAfter(words: readonly Token[], from: number): number {
  return words.findIndex((t, i) => i > from && EMBEDDED_QUESTION_OPENERS.has(t.lower));
}

/** An indirect question: a request to be told, a lack of knowledge, or a need for one definite thing. */
function indirect(words: readonly Token[]): boolean {
  for (const [i, word] of words.entries()) {
    const next = words[i + 1];
    // "tell me …", "remind us …"; and "let me know …", "help us understand …". "She told me …" and
    // "he showed us …" report what was done.
    // "The director tells me …", "she lets us know …": with a subject of its own, the verb reports.
    const toPerson = asksOfListenerForSpeaker(words, i);
    if (toPerson && asksToBeShown(word)) return true;
    if (toPerson && KNOWING_VERBS.has(words[i + 2]?.lemma ?? '')) return true;
    // "Please repeat the cone number …", "I'd like you to restate the firing schedule …"
    if (asksToRestate(words, i)) return true;
    // "Please state which kiln …", "do confirm if the glaze …", "specify our cone number"
    if (askedToTell(words, i) !== undefined) return true;
    const desire = isDesire(words, i);
    // "I'm not sure which …", "we're unsure whether …"
    if (lacksCertainty(word) && openerAfter(words, i) >= 0) return true;
    // "I'm hazy on which gate …", "I'd like confirmation of where …"
    if (questionAfterPreposition(words, i) !== undefined) return true;
    // "She's asking which glaze is safe", "the customer asks me whether …": a question relayed.
    const asked = FIRST_PERSON_OBJECTS.has(next?.lower ?? '') ? i + 2 : i + 1;
    if (
      isVerbal(word) &&
      ASKING_VERBS.has(word.lemma) &&
      EMBEDDED_QUESTION_OPENERS.has(words[asked]?.lower ?? '')
    )
      return true;
    if (!isVerbal(word) && !NOT_KNOWING_VERBS.has(word.lemma) && !desire) continue;
    // "I forget which …", "I wonder whether …"
    if (NOT_KNOWING_VERBS.has(word.lemma) && openerAfter(words, i) >= 0) return true;
    // "I still haven't figured out which glaze …"
    if (notYetKnown(words, i)) return true;
    // "I don't know which …", "I can't remember what …"
    if (KNOWING_VERBS.has(word.lemma) && word.negated && openerAfter(words, i) >= 0) return true;
    // "I forget the potter's number", "I don't remember the shelf path": a definite thing not known.
    if (lacksKnowledge(word) && definiteObject(words, i + 1)) return true;
    if (!desire) continue;
    // "I'd like to know what …", "I'd want to be told which …", "my boss wants to know whether …": a
    // wish to know, the person's or one they pass on.
    if (wishToKnow(words, i) !== undefined) return true;
    // "I still need the port that …", "I'd want the name of …": a need for one definite thing, also
    // one a possessive other than the two parties' opens ("need its name") or a clause with a
    // question word names ("I need what it falls back to").
    if (needsAskedThing(words, i)) return true;
  }
  return false;
}

/**
 * True when the person's verb of desire at `at` asks for what follows it: one definite thing
 * ("I still need the port that …", "I'd want the name of …"), also one a possessive other than the
 * two parties' opens ("need its name"), or a clause a question word opens ("need what it falls back
 * to").
 */
function needsAskedThing(words: readonly Token[], at: number): boolean {
  const word = words[at];
  if (word === undefined || !isNeedOfPerson(words, at)) return false;
  if (neededThing(words, at + 1)) return true;
  return NEED_VERBS.has(word.lemma) && !word.negated && freeRelative(words, at + 1);
}

/**
 * True when a definite thing starts at `start`, one neither party owns: "the port that …", "its
 * name", "their address"; not "my coffee" or "your take on it".
 */
function neededThing(words: readonly Token[], start: number): boolean {
  const possessor = words[start]?.lower ?? '';
  return definiteObject(words, start, !PARTY_POSSESSIVES.has(possessor));
}

/**
 * True when a clause that a question word opens, as the object of a verb, starts at `start`: "(need)
 * what it falls back to", "(need) where the pots go"; not a condition ("if …") nor the word alone.
 */
function freeRelative(words: readonly Token[], start: number): boolean {
  const opener = words[start];
  if (opener === undefined || !EMBEDDED_QUESTION_OPENERS.has(opener.lower)) return false;
  return !CONDITIONAL_CONJUNCTIONS.has(opener.lower) && start + 1 < words.length;
}

/** True for a verb of telling or showing in a form that asks it done ("tell", "remind"), not "told". */
function asksToBeShown(word: Token): boolean {
  return TELLING_VERBS.has(word.lemma) && !isPastForm(word);
}

/**
 * True when the verb at `at` asks the one spoken to to say a definite thing again: "repeat the
 * cone number …", "could you restate our schedule …", not "I repeat the tests …".
 */
function asksToRestate(words: readonly Token[], at: number): boolean {
  if (!RESTATING_VERBS.has(words[at]?.lemma ?? '') || !definiteObject(words, at + 1, true)) return false;
  return !spokenBySpeaker(words, at);
}

/**
 * Where what is asked starts, when the verb at `at` is an order to be told it: a verb of informing
 * in its plain form that opens the sentence, politeness aside ("please specify", "explain"), before
 * an embedded question, after a preposition or not ("state which kiln …", "confirm on which shelf
 * …"), or, for a verb whose object is what is told, before a definite thing ("please identify the
 * kiln's maker", "specify our cone number"). A verb of finding asks for whatever follows it ("find
 * the pots I glazed last week"). Undefined for any other word.
 */
function askedToTell(words: readonly Token[], at: number): number | undefined {
  const verb = words[at];
  const informing = INFORMING_VERBS.has(verb?.lemma ?? '');
  const finding = FINDING_VERBS.has(verb?.lemma ?? '');
  if (verb === undefined || !(informing || finding) || verb.lower !== verb.lemma) return undefined;
  if (verb.pos === 'NOUN' || (at > 0 && !POLITENESS.has(words[at - 1]?.lower ?? ''))) return undefined;
  const object = at + 1;
  // "Find the pots I glazed": what is to be found is what is asked, whatever it is.
  if (finding) return object < words.length ? object : undefined;
  if (EMBEDDED_QUESTION_OPENERS.has(words[object]?.lower ?? '')) return object;
  if (words[object]?.pos === 'ADP' && EMBEDDED_QUESTION_OPENERS.has(words[object + 1]?.lower ?? '')) {
    return object;
  }
  return VALUE_INFORMING_VERBS.has(verb.lemma) && definiteObject(words, object, true) ? object : undefined;
}

/**
 * True when the verb at `at` has a subject of its own before it, auxiliaries and adverbs between,
 * other than the one spoken to: "the director tells me", "he let us know" report; "tell me", "please
 * tell me" and "could you tell me" ask. A name before a plain verb is the one spoken to ("Kofi, tell
 * me …": the comma is gone from the words), and before "tells" its subject.
 */
function saidByAnother(words: readonly Token[], at: number): boolean {
  const word = subjectBefore(words, at);
  const verb = words[at];
  if (word === undefined || verb === undefined || LISTENER_PRONOUNS.has(word.lower)) return false;
  if (word.pos === 'PROPN') return isThirdPersonPresent(verb) || isPastForm(verb);
  return ['NOUN', 'PRON'].includes(word.pos);
}

/** True when the verb at `at` may ask the one spoken to for something, for the speaker: "tell me …". */
function asksOfListenerForSpeaker(words: readonly Token[], at: number): boolean {
  return FIRST_PERSON_OBJECTS.has(words[at + 1]?.lower ?? '') && asksOfListener(words, at);
}

/**
 * True when the verb at `at` may ask something of the one spoken to: no one else is its subject, and
 * it is not denied but of them ("idle doesn't show me …" says what a program does not do; "can't you
 * tell me …" still asks).
 */
function asksOfListener(words: readonly Token[], at: number): boolean {
  if (saidByAnother(words, at)) return false;
  return words[at]?.negated !== true || LISTENER_PRONOUNS.has(subjectBefore(words, at)?.lower ?? '');
}

/** True when the verb at `at` has the speaker for its subject: "I", "we", auxiliaries between. */
function spokenBySpeaker(words: readonly Token[], at: number): boolean {
  return FIRST_PERSON_SUBJECTS.has(subjectBefore(words, at)?.lower ?? '');
}

/** The word before the verb at `at`, auxiliaries, adverbs and particles passed over: its subject, if any. */
function subjectBefore(words: readonly Token[], at: number): Token | undefined {
  let subject = at - 1;
  while (subject >= 0 && ['AUX', 'ADV', 'PART'].includes(words[subject]?.pos ?? '')) subject--;
  return words[subject];
}

/**
 * True when the verb at `at` says the speaker has not yet come to know what an embedded question
 * asks: "I haven't figured out which glaze …", "we never learned whether …".
 */
function notYetKnown(words: readonly Token[], at: number): boolean {
  const word = words[at];
  return (
    word !== undefined &&
    word.pos === 'VERB' &&
    word.negated === true &&
    FINDING_OUT_VERBS.has(word.lemma) &&
    spokenBySpeaker(words, at) &&
    openerAfter(words, at) >= 0
  );
}

/**
 * Where the frame of a wish to know ends, when the desire verb at `at` takes an infinitive of knowing
 * or of being told: "I'd like to know | what …", "we'll want to be reminded | which …". Undefined
 * when it takes none.
 */
function wishToKnow(words: readonly Token[], at: number): number | undefined {
  if (!INFINITIVE_MARKERS.has(words[at + 1]?.lower ?? '')) return undefined;
  const verb = words[at + 2];
  if (verb !== undefined && KNOWING_VERBS.has(verb.lemma)) return at + 3;
  // "I'd like to confirm where …": making sure of what an embedded question asks.
  if (
    verb !== undefined &&
    VERIFYING_VERBS.has(verb.lemma) &&
    EMBEDDED_QUESTION_OPENERS.has(words[at + 3]?.lower ?? '')
  )
    return at + 3;
  const passive = words[at + 3];
  const told =
    passive !== undefined && (TELLING_VERBS.has(passive.lemma) || KNOWING_VERBS.has(passive.lemma));
  return BE_FORMS.has(verb?.lower ?? '') && told ? at + 4 : undefined;
}

/**
 * An embedded question after the preposition at `at` that follows a describing word or a noun of the
 * speaker's clause: "I'm hazy on | which gate …", "we'd like confirmation of | where …". Its question
 * word asks for a thing: "which" or "what" with a noun after it (not "happy with what we have"), or
 * "whether", "where", "when", "how", "who" with no describing word after it (not "glad of how
 * quickly …"). With the index of the speaker's subject; undefined when
 * there is none.
 */
function questionAfterPreposition(words: readonly Token[], at: number): { subject: number } | undefined {
  const preposition = words[at];
  const opener = words[at + 1];
  if (preposition?.pos !== 'ADP' || opener === undefined || !EMBEDDED_QUESTION_OPENERS.has(opener.lower))
    return undefined;
  if (!['ADJ', 'NOUN'].includes(words[at - 1]?.pos ?? '')) return undefined;
  const after = words[at + 2];
  if (WH_DETERMINERS.has(opener.lower)) {
    // The tagger may take a noun that modifies the next one for a verb ("which alerting tool").
    const modifier = after?.pos === 'VERB' && ['NOUN', 'PROPN'].includes(words[at + 3]?.pos ?? '');
    if (!['NOUN', 'ADJ', 'PROPN'].includes(after?.pos ?? '') && !modifier) return undefined;
  } else if (!STANDALONE_QUESTION_OPENERS.has(opener.lower)) return undefined;
  // "grateful for how quickly …" speaks of a degree; "unsure of how it starts" asks.
  if (['ADJ', 'ADV'].includes(after?.pos ?? '') && !WH_DETERMINERS.has(opener.lower)) return undefined;
  const subject = words.slice(0, at).findIndex((word) => FIRST_PERSON_SUBJECTS.has(word.lower));
  return subject < 0 ? undefined : { subject };
}

/** A verb that says its subject does not know or remember: "forget", a negated "remember". */
function lacksKnowledge(word: Token): boolean {
  return (
    isVerbal(word) && (NOT_KNOWING_VERBS.has(word.lemma) || (KNOWING_VERBS.has(word.lemma) && word.negated))
  );
}

/** A word that says its subject lacks the knowledge: "unsure", or a negated "sure" or "certain". */
function lacksCertainty(word: Token): boolean {
  return UNCERTAINTY_WORDS.has(word.lower) || (CERTAINTY_WORDS.has(word.lower) && word.negated);
}

/** True when the subject of the verb at `at` is the person ("I", "we"). */
function isNeedOfPerson(words: readonly Token[], at: number): boolean {
  const subject = words.slice(0, at).findLast((t) => t.pos === 'PRON' || t.pos === 'NOUN');
  if (subject !== undefined && FIRST_PERSON_SUBJECTS.has(subject.lower)) return true;
  // A terse message drops its subject: "Need the flag that …", "kiln: still need the cone for …".
  // The verb in its plain form opens its clause, with no more than adverbs before it.
  const verb = words[at];
  if (verb === undefined || verb.lower !== verb.lemma) return false;
  const opening = words.slice(0, at).findLastIndex((t) => t.pos === 'PUNCT');
  return words.slice(opening + 1, at).every((t) => t.pos === 'ADV');
}

/**
 * A definite noun phrase that starts at `from`, not the subject of an infinitive or of a clause after
 * it ("I need the build to pass" states a wish, "I forget the kiln is hot" a fact): "the port that
 * …", "the name of …", "the folder our … goes in".
 * With `possessive`, one a possessive opens counts too ("restate our cone number").
 */
function definiteObject(words: readonly Token[], start: number, possessive = false): boolean {
  // A hedge may stand before the phrase ("I need like the last three readings").
  const from = HEDGES.has(words[start]?.lower ?? '') ? start + 1 : start;
  const determiner = words[from];
  const definite = (word: Token) =>
    DEFINITE_DETERMINERS.has(word.lower) || (possessive && POSSESSIVE_DETERMINERS.has(word.lower));
  if (determiner === undefined || !definite(determiner)) return false;
  let i = from + 1;
  // Past the words of the phrase, a possessor's among them ("the potter's phone number").
  const inPhrase = (word: Token | undefined) =>
    ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(word?.pos ?? '') ||
    (word !== undefined && isPossessiveMark(word) && i > from + 1);
  // The tagger may take a noun after the determiner for a verb ("the refresh interval", "their
  // address"): no verb comes right after a determiner.
  if (words[i]?.pos === 'VERB') i++;
  while (inPhrase(words[i])) i++;
  if (i === from + 1) return false;
  const after = words[i];
  // With an auxiliary after it, the phrase is the subject of a clause the verb takes: "I forget the
  // kiln is hot" states that it is.
  return (
    after === undefined ||
    !(after.pos === 'PART' || after.pos === 'AUX' || INFINITIVE_MARKERS.has(after.lower))
  );
}

/** Tokens that may open the clause of a frame: the person, the one asked, auxiliaries, adverbs. */
function framesClause(token: Token): boolean {
  return (
    ['AUX', 'ADV', 'PART', 'INTJ', 'CCONJ'].includes(token.pos) ||
    POLITENESS.has(token.lower) ||
    FIRST_PERSON_SUBJECTS.has(token.lower) ||
    LISTENER_PRONOUNS.has(token.lower)
  );
}

/**
 * True for the possessive "'s" or "'" as written. The token's `value`, not its `lower`: a contraction's
 * `lower` is the word it stands for ("'s" for "is").
 */
export function isPossessiveMark(word: Token): boolean {
  return word.pos === 'PART' && /^['’]s?$/.test(word.value);
}

/**
 * Where the noun phrase that ends just before `at` starts ("a student", "my boss", "the customer's
 * manager"): the subject of a verb at `at`. `at` itself when no such phrase comes before it.
 */
function subjectStart(words: readonly Token[], at: number): number {
  let start = at;
  while (start > 0) {
    const word = words[start - 1]!;
    const inPhrase =
      ['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM'].includes(word.pos) || isPossessiveMark(word);
    if (!inPhrase) break;
    start--;
  }
  return start;
}

/**
 * Where the frame of an indirect question or a stated need lies in `words`, as [start, end): "could
 * you remind me", "I forget", "I'd like to know", "I still want". Its words say that something
 * is asked, not what: they are no part of what an answer must say. Undefined when there is none.
 */
function frameOf(words: readonly Token[]): [number, number] | undefined {
  const clauseStart = (verb: number) => {
    let start = verb;
    while (start > 0 && framesClause(words[start - 1] as Token)) start--;
    return start;
  };
  for (const [i, word] of words.entries()) {
    // As in `indirect`, a verb with a subject of its own reports: "the flag that tells me …" frames
    // nothing.
    const toPerson = asksOfListenerForSpeaker(words, i);
    // "remind me", "tell us"; "let me know", "help us understand"
    if (toPerson && asksToBeShown(word)) return [clauseStart(i), i + 2];
    if (toPerson && KNOWING_VERBS.has(words[i + 2]?.lemma ?? '')) return [clauseStart(i), i + 3];
    if (asksToRestate(words, i)) return [clauseStart(i), i + 1];
    const told = askedToTell(words, i);
    if (told !== undefined) return [clauseStart(i), told];
    const desire = isDesire(words, i);
    // "I forget which …", "I've no idea where …", "I'm not sure whether …": the embedded
    // question is what is asked, from its opener on.
    const opener = openerAfter(words, i);
    const lacks =
      NOT_KNOWING_VERBS.has(word.lemma) ||
      lacksCertainty(word) ||
      (KNOWING_VERBS.has(word.lemma) && word.negated);
    // "I forget the time … when …": the object right after the verb is what is not known; an
    // opener further on starts a clause inside it.
    if (lacksKnowledge(word) && definiteObject(words, i + 1)) return [clauseStart(i), i + 1];
    const embedded = questionAfterPreposition(words, i);
    if (embedded !== undefined) return [clauseStart(embedded.subject), i + 1];
    if ((lacks || notYetKnown(words, i)) && opener >= 0) return [clauseStart(i), opener];
    if (!desire) continue;
    // Whoever wants to know ("a student wants to know whether …"), the person asks it for them: the
    // one who wants to know is part of the frame.
    const known = wishToKnow(words, i);
    if (known !== undefined) return [subjectStart(words, clauseStart(i)), known];
    if (needsAskedThing(words, i)) return [clauseStart(i), i + 1];
  }
  return undefined;
}

/**
 * Where a frame after an embedded question that is the sentence's subject starts: "Where the
 * spindles belong | is something I never learned", "Which gate it uses | is unclear to me". The
 * frame is the verb "be" and a predicate that says the person lacks the knowledge: a negated clause
 * of theirs, or a word of uncertainty. Undefined when the sentence has no such frame.
 */
function trailingFrame(words: readonly Token[]): number | undefined {
  const clause = subjectClause(words);
  return clause?.lacking === true ? clause.be : undefined;
}

/**
 * An embedded question that is a sentence's subject, as where the "be" after it stands and whether
 * what follows says the speaker lacks the knowledge: "Where the spindles belong | is unclear to me" asks,
 * "What the tiles need | is a clear glaze" states. Undefined when the sentence opens otherwise.
 */
function subjectClause(words: readonly Token[]): { be: number; lacking: boolean } | undefined {
  if (!EMBEDDED_QUESTION_OPENERS.has(words[0]?.lower ?? '')) return undefined;
  // An embedded question keeps its subject before its verb: "what day did I say the pots are due"
  // puts the auxiliary first, and asks.
  if (inversionAfterWh(words, 0) !== undefined) return undefined;
  // Past the opener and at least two words of its clause ("where the scripts go").
  for (let at = 3; at < words.length; at++) {
    if (!BE_FORMS.has(words[at]?.lower ?? '') || words[at]?.negated === true) continue;
    const predicate = words.slice(at + 1).filter((word) => word.pos !== 'PUNCT');
    if (predicate.length === 0) return undefined;
    const lacking =
      predicate.some((word) => UNCERTAINTY_WORDS.has(word.lower) || NOT_KNOWING_VERBS.has(word.lemma)) ||
      predicate.some(
        (word, i) =>
          FIRST_PERSON_SUBJECTS.has(word.lower) &&
          predicate.slice(i + 1).some((later) => later.negated === true),
      );
    return { be: at, lacking };
  }
  return undefined;
}

/** What a text asks, split into what is asked and the scene set around it. */
export interface AskedParts {
  /** The words that say what is asked: "which file you opened first", "the port that … uses". */
  asked: Token[];
  /**
   * Words around the frame that set the scene ("For the glaze order", "Since the kiln runs
   * hot"): they may help find the answer but need not be in it.
   */
  scene: Token[];
  /**
   * Of the asked words, those of the sentences a fragment leans on ("du keeps wandering into other
   * mounts." before "Option to keep it on one fs?"): the situation, in the asker's words.
   */
  premise: Token[];
  /** The asked words as text: a sentence without a frame as written, else its asked words. */
  text: string;
}

/**
 * What `text` asks: each sentence that asks, past the frame that only says it asks ("I forget
 * which file …" asks "which file …"); what stands before the frame is the scene. Every word of the
 * text is asked when no sentence asks.
 */
export function askedParts(text: string): AskedParts {
  // Each sentence is read once, for what it does and for what it asks.
  // A note's label that only says a question follows ("Q:", "to find out -") is no part of it.
  const all = sentences(text).map((written) => {
    const label = askingLabel(written.trim());
    const sentence = label === undefined ? written : written.trim().slice(label);
    return { sentence, tokens: analyse(withoutPaths(sentence)), labelled: label !== undefined };
  });
  const asking = all.filter(
    ({ sentence, tokens, labelled }) => labelled || actOf(sentence, tokens) === 'question',
  );
  if (asking.length === 0) return { asked: analyse(withoutPaths(text)), scene: [], premise: [], text };
  const parts: AskedParts = { asked: [], scene: [], premise: [], text: '' };
  const texts: string[] = [];
  // A fragment ("Exit status?") asks about what the sentences before it set out: they are its premise.
  // A question with a verb of its own is asked against them: they set its scene.
  const first = asking[0];
  const fragment =
    first !== undefined &&
    (isFragment(openingWords(first.tokens)) ||
      saysOnlyLightVerbs(first.tokens) ||
      pointsBackToPremise(first.tokens));
  for (const premise of first === undefined ? [] : all.slice(0, all.indexOf(first))) {
    if (!fragment && !namesTopic(premise.tokens)) {
      parts.scene.push(...openingWords(premise.tokens));
      continue;
    }
    parts.asked.push(...openingWords(premise.tokens));
    parts.premise.push(...openingWords(premise.tokens));
    texts.push(premise.sentence);
  }
  for (const { sentence, tokens: all } of asking) {
    // A clause of reason after the question ("…, given we fire on Fridays?") sets its scene.
    const reason = trailingReason(all);
    parts.scene.push(...all.slice(reason));
    const tokens = all.slice(0, reason);
    const words = openingWords(tokens);
    const trailing = trailingFrame(words);
    if (trailing !== undefined) {
      const kept = words.slice(0, trailing);
      parts.asked.push(...kept);
      texts.push(joined(kept, tokens));
      continue;
    }
    const frame = frameOf(words);
    const said = saidBetweenUs(words);
    const after = leadIn(tokens, words);
    if (frame === undefined && said === undefined && after !== undefined) {
      const kept = words.slice(after);
      parts.scene.push(...words.slice(0, after));
      parts.asked.push(...kept);
      texts.push(joined(kept, tokens));
      continue;
    }
    if (frame === undefined && said === undefined) {
      parts.asked.push(...words);
      texts.push(reason < all.length ? joined(words, tokens) : sentence);
      continue;
    }
    if (frame === undefined) {
      // "So that the report is right, which kiln did I say …": the lead-in sets the scene.
      const from = after ?? 0;
      const kept = words.filter((_, i) => i >= from && !said?.includes(i));
      parts.scene.push(...words.slice(0, from));
      parts.asked.push(...kept);
      texts.push(joined(kept, tokens));
      continue;
    }
    const asked = words.slice(frame[1]).filter((_, i) => !said?.includes(frame[1] + i));
    const scene = words.slice(0, frame[0]);
    // "… so I need the bucket that holds it": a pronoun that points back asks about the scene too.
    const kept = asked.some(pointsBack) ? [...scene, ...asked] : asked;
    if (kept === asked) parts.scene.push(...scene);
    parts.asked.push(...kept);
    texts.push(joined(kept, tokens));
  }
  // A fragment after the question says more of what it asks: "… get? the top shelf I mean".
  const last = asking.at(-1);
  for (const { sentence, tokens } of last === undefined ? [] : all.slice(all.indexOf(last) + 1)) {
    const words = withoutClarifying(openingWords(tokens));
    if (words.length === 0 || asking.some((question) => question.sentence === sentence)) continue;
    if (!isFragment(words)) continue;
    // Thanks said after the question ("Thanks!") asks nothing more.
    if (words.some((word) => GRATITUDE.has(word.lower))) continue;
    parts.asked.push(...words);
    texts.push(joined(words, tokens));
  }
  return { ...parts, text: texts.join(' ') };
}

/**
 * True for a sentence (its tokens) that only names a topic ("Porcelain tiles on the top shelf.",
 * "kiln 3 tripping the breaker."): words of content but no verb of its own, a participle after a
 * noun aside.
 * A question after it asks about that topic, as a fragment asks about what is set out before it.
 * A word the tagger took for a noun between a subject and its object ("potters use porcelain") is
 * the verb of a clause that states something.
 */
function namesTopic(tokens: readonly Token[]): boolean {
  // Thanks ("Thanks a lot.") name no topic.
  if (tokens.some((token) => GRATITUDE.has(token.lower))) return false;
  const words = openingWords(tokens);
  const verbOfClause = (word: Token, at: number) =>
    isVerbal(word)
      ? !isPresentParticiple(word)
      : word.pos === 'NOUN' &&
        SUBJECT_POS.has(words[at - 1]?.pos ?? '') &&
        OBJECT_POS.has(words[at + 1]?.pos ?? '') &&
        canBeVerb(word.lower);
  return words.some((word) => CONTENT_TAGS.has(word.pos)) && !words.some(verbOfClause);
}

/** The tags of a word that may be a clause's subject, and of one that may open its object. */
const SUBJECT_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON']);
const OBJECT_POS: ReadonlySet<string> = new Set(['DET', 'PROPN', 'NOUN', 'PRON', 'NUM']);

/** `words` without "I mean" said in passing: "the top shelf I mean" says "the top shelf". */
function withoutClarifying(words: readonly Token[]): Token[] {
  const at = words.findIndex(
    (word, i) => FIRST_PERSON_SUBJECTS.has(word.lower) && CLARIFYING_VERBS.has(words[i + 1]?.lemma ?? ''),
  );
  return at < 0 ? [...words] : [...words.slice(0, at), ...words.slice(at + 2)];
}

/**
 * Where the question after a lead-in clause and a colon starts in `words`: "Just to check my figures:
 * how many kilns …?". The lead-in has a verb of its own, and the question after it is asked whole (a
 * question word and at least two words more, none pointing back), unlike "Kiln count: how many?" or
 * "The glaze: who chose it?", whose part before the colon is what they ask about. A clause of purpose
 * or reason before a comma leads in too ("So that the report is right, which kiln …?"). Undefined
 * when there is none.
 */
function leadIn(tokens: readonly Token[], words: readonly Token[]): number | undefined {
  const colon = tokens.findIndex((token) => token.value === ':');
  // Any other clause before a comma may be a condition, which is asked.
  const found = words.findIndex((word) => word.pos !== 'ADV' || SCENE_CONJUNCTIONS.has(word.lower));
  // "So if the kiln cracks, …": a conjunction of condition after it opens the clause, which is asked.
  const next = words[found + 1];
  const conditioned = next !== undefined && CONDITIONAL_CONJUNCTIONS.has(next.lower);
  const opening = found < 0 || conditioned ? undefined : words[found];
  // So does a clause that opens with a participle ("Firing the kiln overnight, which …?").
  const participle = opening !== undefined && opening === words[0] && isPresentParticiple(opening);
  const leads = opening !== undefined && (SCENE_CONJUNCTIONS.has(opening.lower) || participle);
  // The lead-in may run over clauses ("So the log is right, and I did change my mind, which …?"):
  // it ends at the first mark the whole question follows.
  const marks = tokens
    .flatMap((token, at) => ((leads && token.value === ',') || at === colon ? [at] : []))
    .filter((at) => colon < 0 || at <= colon);
  for (const mark of marks) {
    const after = words.findIndex((word) => tokens.indexOf(word) > mark);
    const verbal = (word: Token) => word.pos === 'VERB' || (mark !== colon && word.pos === 'AUX');
    if (after <= 0 || !(participle || words.slice(0, after).some(verbal))) continue;
    const question = words.slice(after);
    // A clause that "and" or "but" joins on goes on with the lead-in.
    if (question[0]?.pos === 'CCONJ') continue;
    if (question.length < 3 || question.some((word, i) => pointsBack(word, i, question))) continue;
    // A question with no verb of its own ("…: which cone then?") leans on the lead-in, as a fragment
    // leans on the sentence before it.
    if (isFragment(question)) continue;
    if (interrogative(question, '')) return after;
  }
  return undefined;
}

/**
 * True for a verb's "-ing" form: "building", "running". The tagger may read one that opens a sentence
 * as a noun ("Building the kiln from a kit, …"): a form of a verb the thesaurus lists counts too.
 */
function isPresentParticiple(word: Token): boolean {
  return (
    word.lower.endsWith('ing') &&
    (word.pos === 'VERB' || ((word.pos === 'NOUN' || word.pos === 'PROPN') && canBeVerb(word.lower)))
  );
}

/**
 * Where a clause of reason that ends a question starts in `tokens` (its comma): "…, given we fire
 * on Fridays?", "…, since the kiln runs hot?". Their length when there is none.
 */
function trailingReason(tokens: readonly Token[]): number {
  const at = tokens.findIndex(
    (token, i) => i > 0 && token.value === ',' && REASON_CONJUNCTIONS.has(tokens[i + 1]?.lower ?? ''),
  );
  return at < 0 ? tokens.length : at;
}

/** What `text` asks, as text. */
export function askedText(text: string): string {
  return askedParts(text).text;
}

/**
 * True when `text` asks what the person said earlier ("How many hosts did I say we run?", "the count
 * I gave you"): the answer is in their own statements, not in a document. Said in the present ("which
 * signal do I send to it") it asks about no statement.
 */
export function askedAsSaidByThePerson(text: string): boolean {
  return sentences(text).some((sentence) => {
    const words = openingWords(analyse(withoutPaths(sentence)));
    const said = saidBetweenUs(words);
    if (said === undefined) return false;
    const [speaker, ...rest] = said.map((at) => words[at]);
    const verb = rest.find((word) => word?.pos === 'VERB');
    const before = words[(said[0] ?? 0) - 1];
    const past = (verb !== undefined && isPastForm(verb)) || (before !== undefined && isPastForm(before));
    // Told in the passive ("were we told", "I was given"), the person is whom it was said to: someone
    // else said it, a text as likely as anyone.
    const auxiliaries = [before, ...rest.slice(0, rest.indexOf(verb))];
    const passive =
      verb !== undefined &&
      isPastForm(verb) &&
      auxiliaries.some((word) => word !== undefined && word.pos === 'AUX' && BE_FORMS.has(word.lower));
    return past && !passive && FIRST_PERSON_SUBJECTS.has(speaker?.lower ?? '');
  });
}

/**
 * The indices of a clause that speaks of the conversation itself ("I gave you", "you told me", "as
 * we said"): the person or the model, a verb of saying, and whom it was said to. It says where the
 * answer was given, not what it is. Undefined when there is none.
 */
function saidBetweenUs(words: readonly Token[]): number[] | undefined {
  const speaker = (token: Token | undefined) =>
    token !== undefined && (FIRST_PERSON_SUBJECTS.has(token.lower) || LISTENER_PRONOUNS.has(token.lower));
  for (let i = 0; i < words.length; i++) {
    if (!speaker(words[i])) continue;
    let verb = i + 1;
    while (words[verb]?.pos === 'AUX') verb++;
    const said = words[verb];
    if (said === undefined || said.pos !== 'VERB' || !SAYING_VERBS.has(said.lemma)) continue;
    const listener = words[verb + 1];
    const end =
      listener !== undefined &&
      (FIRST_PERSON_OBJECTS.has(listener.lower) || LISTENER_PRONOUNS.has(listener.lower))
        ? verb + 2
        : verb + 1;
    return Array.from({ length: end - i }, (_, k) => i + k);
  }
  return undefined;
}

/**
 * True for a pronoun that stands for something said before ("takes it", "where that goes"), not a
 * relative one that opens a clause about the noun before it ("the port that …").
 */
function pointsBack(token: Token, index: number, words: readonly Token[]): boolean {
  if (!DEMONSTRATIVES.has(token.lower) && !REFERRING_PRONOUNS.has(token.lower)) return false;
  const before = words[index - 1];
  return before === undefined || !['NOUN', 'PROPN', 'ADJ'].includes(before.pos);
}

/** What one sentence does: asks or states. */
export function sentenceAct(sentence: string): DialogueAct {
  const text = sentence.trim();
  if (text === '' || endsAsking(text)) return actOf(text, []);
  const act = actOf(text, analyse(withoutPaths(text)));
  if (act === 'question' || askingLabel(text) !== undefined) return 'question';
  // What comes before a colon may only name the topic ("kiln: need the cone for …"): the clause
  // after it then says what the sentence does.
  const colon = text.indexOf(': ');
  if (colon < 0) return act;
  const rest = text.slice(colon + 2);
  return actOf(rest, analyse(withoutPaths(rest)));
}

/** `text` without the label of a note that says it asks ("Q: the kiln's peak" gives "the kiln's peak"). */
export function withoutAskingLabel(text: string): string {
  const trimmed = text.trim();
  const start = askingLabel(trimmed);
  return start === undefined ? text : trimmed.slice(start);
}

/**
 * Where what a note asks starts, after a label that says only that it is asked: "Q: the kiln's
 * peak", "to find out - the cone number", "still need: the shelf count", "check - does it vent?".
 * The label holds a word that marks a question, or a verb of needing, knowing or finding out with
 * nothing but function words and note labels ("TODO") beside it; after a verb, what follows is a
 * thing or a question, not a clause that states ("need: the pots go on Monday"). Undefined when
 * the sentence has no such label.
 */
function askingLabel(text: string): number | undefined {
  const marks = LABEL_MARKS.map((mark) => ({ at: text.indexOf(mark), length: mark.length })).filter(
    ({ at }) => at > 0,
  );
  if (marks.length === 0) return undefined;
  const mark = marks.reduce((first, next) => (next.at < first.at ? next : first));
  const label = analyse(text.slice(0, mark.at)).filter((word) => word.pos !== 'PUNCT');
  const marksQuestion = (word: Token) => QUESTION_LABELS.has(word.lower);
  // "decided - the kiln is the big one" reports what was settled.
  const asks = (word: Token) =>
    !isPastForm(word) &&
    (NEED_VERBS.has(word.lemma) ||
      QUESTION_TAKING_VERBS.has(word.lemma) ||
      FINDING_OUT_VERBS.has(word.lemma));
  const marking = label.some(marksQuestion);
  const asking = label.some(asks);
  const onlyFrame = label.every(
    (word) =>
      marksQuestion(word) ||
      asks(word) ||
      NOTE_LABELS.has(word.lower) ||
      ['PART', 'ADP', 'ADV', 'AUX', 'PRON'].includes(word.pos),
  );
  if (!onlyFrame || !(marking || asking)) return undefined;
  const start = mark.at + mark.length;
  if (marking) return start;
  const rest = text.slice(start);
  const tokens = analyse(withoutPaths(rest));
  return namesAThing(openingWords(tokens)) || actOf(rest, tokens) === 'question' ? start : undefined;
}

/**
 * True for words that name a thing rather than state one: no verb, or none right after the noun
 * phrase that opens them ("the size of the log before it rotates", "the flag that skips the
 * prompt", "the cone the tiles need"; not "the pots go on Monday").
 */
function namesAThing(words: readonly Token[]): boolean {
  const verb = words.findIndex(isVerbal);
  if (verb < 0) return true;
  return words.slice(0, verb).some(
    (word, i) =>
      !['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PRON'].includes(word.pos) ||
      (i > 0 && (RELATIVE_WH_WORDS.has(word.lower) || DECLARATIVE_COMPLEMENTISERS.has(word.lower))) ||
      // A noun phrase right after a noun opens a clause that qualifies it ("the cone the tiles need").
      (word.pos === 'DET' && words[i - 1]?.pos === 'NOUN'),
  );
}

/** What a sentence does, from its text and its tokens (read only when it ends with no mark). */
function actOf(sentence: string, tokens: readonly Token[]): DialogueAct {
  const text = sentence.trim();
  if (text === '') return 'statement';
  if (endsAsking(text)) return 'question';
  const words = openingWords(tokens);
  // "What the tiles need is a clear glaze.": an embedded question as subject, with a value for it.
  if (subjectClause(words)?.lacking === false) return 'statement';
  return interrogative(words, text) ||
    indirect(words) ||
    wouldBeThing(words) ||
    namesWhatItAsks(words, text) ||
    asksAfterItsCondition(tokens) ||
    asksAfterAStop(tokens) ||
    asksInItsLastClause(tokens) ||
    asksForTheValueLast(tokens)
    ? 'question'
    : 'statement';
}

/**
 * True for a sentence that ends, after a comma, with a noun for the answer itself that a word places
 * in time: "editor for the first years, final answer", "the kiln's peak, current value". The words
 * before the comma name what the value is of, with no verb of their own.
 */
function asksForTheValueLast(sentence: readonly Token[]): boolean {
  const comma = sentence.findLastIndex((token) => token.value === ',');
  if (comma < 1) return false;
  const [placing, noun, ...rest] = openingWords(sentence.slice(comma + 1));
  // What comes before the comma names what the value is of, with no verb: "He said it, final answer."
  // insists.
  if (sentence.slice(0, comma).some(isVerbal)) return false;
  return rest.length === 0 && placesInTime(placing) && noun !== undefined && VALUE_NOUNS.has(noun.lemma);
}

/**
 * True for a sentence that asks after a full stop the splitter kept inside it, before a word in lower
 * case: people who do not capitalise set out what they ask about, then ask ("glaze crawling on the
 * rims. need the cone that stops it"). The words before the stop stay part of what is asked.
 */
function asksAfterAStop(sentence: readonly Token[]): boolean {
  const stop = sentence.findLastIndex(
    (token, i) => ['.', '!'].includes(token.value) && i < sentence.length - 1,
  );
  if (stop < 0) return false;
  const tokens = sentence.slice(stop + 1);
  const words = openingWords(tokens);
  return (
    words.length > 0 &&
    (interrogative(words, joined(tokens, tokens)) ||
      indirect(words) ||
      wouldBeThing(words) ||
      namesWhatItAsks(words, joined(tokens, tokens)))
  );
}

/**
 * True for a sentence whose last clause, after a comma, asks by an auxiliary before a pronoun and its
 * verb or describing word: what it asks about is set out first ("a glaze that runs at cone 6, does
 * it craze", "the slow ramp, can you skip it", "that shelf, is it safe"). An order ("…, do it
 * now") has no subject after its verb.
 */
function asksInItsLastClause(sentence: readonly Token[]): boolean {
  const comma = sentence.findLastIndex((token) => token.value === ',');
  if (comma < 0) return false;
  const [auxiliary, subject, verb] = openingWords(sentence.slice(comma + 1));
  return (
    auxiliary !== undefined &&
    isAuxiliary(auxiliary) &&
    subject?.pos === 'PRON' &&
    SUBJECT_PRONOUNS.has(subject.lower) &&
    ['VERB', 'AUX', 'ADJ'].includes(verb?.pos ?? '')
  );
}

/**
 * True for a sentence that opens with a clause of condition or time and asks in its main clause ("so
 * if I glaze it twice, how thick does it get") or has none ("and if the kiln cracks", "if the glaze
 * runs, no second firing at all"): a condition alone asks what follows from it.
 */
function asksAfterItsCondition(sentence: readonly Token[]): boolean {
  // A full stop before a word in lower case ("cool. and if …") ends a sentence the splitter kept whole.
  const stop = sentence.findLastIndex(
    (token, i) => ['.', '!', ';'].includes(token.value) && sentence.slice(i + 1).some(isVerbal),
  );
  const tokens = sentence.slice(stop + 1);
  const words = openingWords(tokens);
  // One word may lead the clause in ("so if …", "ok when …").
  const opener = words.findIndex(
    (word, i) =>
      i <= 1 &&
      (word.pos === 'SCONJ' ||
        CONDITIONAL_CONJUNCTIONS.has(word.lower) ||
        GENERIC_TIME_CONJUNCTIONS.has(word.lower)),
  );
  if (opener < 0 || (opener === 1 && !['ADV', 'VERB', 'ADJ'].includes(words[0]?.pos ?? ''))) return false;
  const conditional = CONDITIONAL_CONJUNCTIONS.has(words[opener]?.lower ?? '');
  const comma = tokens.findLastIndex((token) => token.value === ',');
  if (comma < 0) return conditional && predicates(words.slice(opener + 1)) <= 1;
  const main = tokens.slice(comma + 1);
  const mainWords = openingWords(main);
  if (conditional && !mainWords.some(isVerbal)) return true;
  return interrogative(mainWords, joined(main, main));
}

/** How many verbs a stretch of words holds, counting an auxiliary with the verb it goes with as one. */
function predicates(words: readonly Token[]): number {
  return words.filter((word, i) => {
    if (word.pos === 'VERB') return true;
    if (word.pos !== 'AUX') return false;
    const next = words.slice(i + 1).find((later) => !['ADV', 'PART', 'PRON'].includes(later.pos));
    return next?.pos !== 'VERB';
  }).length;
}

/** True for a verb in its present form for "it" ("works", "fires"). */
function isThirdPersonPresent(word: Token): boolean {
  return word.lower !== word.lemma && word.lower.endsWith('s');
}

/**
 * True for a noun phrase alone whose relative clause supposes the person or the one asked doing
 * something ("The glaze you'd pick for stoneware", "Cone sizes we would need with the new kiln"): it
 * names the thing it wants told, and states nothing, since no verb of its own follows.
 */
function wouldBeThing(words: readonly Token[]): boolean {
  let at = words[0] !== undefined && DEFINITE_DETERMINERS.has(words[0].lower) ? 1 : 0;
  const start = at;
  while (['ADJ', 'NOUN', 'PROPN'].includes(words[at]?.pos ?? '')) at++;
  if (at === start || words[at - 1]?.pos === 'ADJ') return false;
  const subject = words[at]?.lower ?? '';
  if (!FIRST_PERSON_SUBJECTS.has(subject) && !LISTENER_PRONOUNS.has(subject)) return false;
  if (!MODALS.has(words[at + 1]?.lemma ?? '') || words[at + 2]?.pos !== 'VERB') return false;
  // After it, only the clause's own words, a participle after a noun ("with the kiln set to …") or an
  // infinitive among them, but no verb of a main clause ("… is Celadon", "… works better").
  return words
    .slice(at + 3)
    .every(
      (word, i, rest) =>
        word.pos !== 'AUX' &&
        (word.pos !== 'VERB' ||
          (!isThirdPersonPresent(word) &&
            (rest[i - 1]?.pos === 'NOUN' || INFINITIVE_MARKERS.has(rest[i - 1]?.lower ?? '')))),
    );
}

/** Tags of the words that open an object of a verb: after one, the verb's clause leaves no gap. */
const OBJECT_OPENING_TAGS: ReadonlySet<string> = new Set(['DET', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ']);

/**
 * True for a noun phrase alone, with no verb of its own, that names one value it does not give, as
 * people who write no question marks ask: its head is a noun for a kind of value ("kiln delivery date
 * again", "exit value"), or a clause after it leaves a gap the thing fills ("the cone that prevents
 * crawling", "last shelf you loaded", "oldest kiln it runs on", "the switch to send for a dump").
 * Words that give a value ("kiln delivery 2 june", "Plan: glaze on Monday") state it, as does a clause
 * with an object of its own ("the glaze I used for stoneware" names no gap the reply could fill).
 */
function namesWhatItAsks(words: readonly Token[], text: string): boolean {
  if (text.includes(':') || words.some((word) => word.pos === 'NUM')) return false;
  let at = words[0] !== undefined && DEFINITE_DETERMINERS.has(words[0].lower) ? 1 : 0;
  const start = at;
  // The tagger reads a noun in "-ing" that opens a fragment as a verb ("setting to get it back").
  const noun = (word: Token | undefined, i: number) =>
    word?.pos === 'NOUN' || (i === start && word !== undefined && isNounInIng(word));
  while (['ADJ', 'PROPN'].includes(words[at]?.pos ?? '') || noun(words[at], at)) at++;
  const head = words[at - 1];
  if (at === start || head === undefined || !noun(head, at - 1)) return false;
  // As written: a plural ("Short answers.") names several things, not one value.
  const kind = VALUE_HEAD_NOUNS.has(head.lower) || VALUE_HEAD_NOUNS.has(compoundHead(head.lower) ?? '');
  const rest = words.slice(at);
  const [opening, verb, ...after] = rest.filter((word) => word.pos !== 'PUNCT');
  if (opening === undefined || (opening.pos === 'ADV' && verb === undefined)) return kind;
  // With a word that describes it, what the value is of or for, with no verb ("final expiry date for
  // the kiln accounts"), or what it is to do ("the quiet flag to skip it"), still names it; "time for
  // lunch" and "time to go" say it is time.
  const described = at - start > 1;
  if (kind && described && opening.pos === 'ADP' && !rest.some(isVerbal)) return true;
  // A noun of a moment or a span before what it is to do says it is the moment ("time to go").
  const timely = TEMPORAL_HEAD_NOUNS.has(head.lemma);
  if (kind && (described || !timely) && INFINITIVE_MARKERS.has(opening.lower) && verb?.pos === 'VERB') {
    return true;
  }
  if (verb?.pos !== 'VERB') return false;
  // The relative word is the clause's subject: the gap is there.
  if (RELATIVE_WH_WORDS.has(opening.lower) || DECLARATIVE_COMPLEMENTISERS.has(opening.lower)) return true;
  // After the verb, no object of its own and no second verb.
  const gap =
    after[0] === undefined ||
    (!OBJECT_OPENING_TAGS.has(after[0].pos) &&
      !after.some((word, i) => isVerbal(word) && !endsCompound(word, after[i - 1])));
  if (!gap) return false;
  if (INFINITIVE_MARKERS.has(opening.lower)) return after.length > 0;
  if (!SUBJECT_PRONOUNS.has(opening.lower)) return false;
  // "The file you read" may only name it; a value's noun, a place in an order ("last", "oldest") or a
  // preposition left at the end ("the release it works on") asks which.
  const placed = words
    .slice(start, at - 1)
    .some((word) => ORDINALS.has(word.lower) || isSuperlativeForm(word));
  return kind || placed || after.at(-1)?.pos === 'ADP';
}

/** True for a verb's "-ing" form that WordNet also lists as a noun ("setting", "listing"). */
function isNounInIng(word: Token): boolean {
  return word.pos === 'VERB' && word.lower.endsWith('ing') && lemmasOf(word.lower, 'n').includes(word.lower);
}

/**
 * True when `word`, tagged a verb, is a noun that ends a compound: a plain form right after a
 * singular noun, which as its subject would have it end in "-s" ("the handle dump", "a core file").
 */
function endsCompound(word: Token, before: Token | undefined): boolean {
  return (
    word.pos === 'VERB' &&
    word.lower === word.lemma &&
    before?.pos === 'NOUN' &&
    before.lower === before.lemma
  );
}

/** True when any sentence of `text` asks; a question mark settles it before any analysis. */
export function isQuestion(text: string): boolean {
  const parts = sentences(text);
  return (
    parts.some((sentence) => endsAsking(sentence.trim())) ||
    parts.some((sentence) => sentenceAct(sentence) === 'question')
  );
}

/** True when some sentence of `text` states rather than asks. */
export function statesSomething(text: string): boolean {
  return sentences(text).some((sentence) => sentenceAct(sentence) === 'statement');
}
