/**
 * Answering a question from what the request shows, and nothing else: the sentence that covers the
 * question's key words best (the latest for "now" questions, the earliest for "first" ones), or "I
 * don't know" when no visible sentence covers them. With this, a score measures whether the
 * information reached the model.
 */
import type { Message } from '../../../engine/index.js';
import { visibleTexts } from './message-views.js';
import type { VisibleText } from './message-views.js';
import { holdsType, isNegative, questionShape, type AnswerType } from './answer-types.js';
import { answerKindStem, coverage, hasSynonyms, isSubjectWord, keyOfAsked, toCandidate } from './match.js';
import type { Candidate } from './match.js';
import { answerFromRuns } from './command-runs.js';
import { withAntecedents } from './discourse.js';
import { cleanSentence, FRAMING, isCandidate } from './candidate-sentence.js';
import { answerFileOrder, isFileOrderQuestion, temporalMode, type TemporalMode } from './file-order.js';
import { keyWeights, LEAST_SUPPORT, pairBonus, support, weightedCoverage } from './support.js';
import { askedParts } from './dialogue-act.js';
import { askedSynonyms } from './thesaurus.js';
import { requestedReads } from './read-request.js';
import { KIND_NOUNS, REQUEST_LEAD_WORDS, SEQUENCE_WORDS, VALUE_NOUNS } from './lexicon.js';
import { createReaderContext, remembered, type ReaderContext } from './context.js';
import { genericSubjectStem } from './generic-subject.js';
import {
  asPath,
  COMMON_VERB_STEMS,
  contentStems,
  sentenceGroups,
  stemSet,
  words,
  type StemMemo,
} from './text.js';

/** The reply when nothing visible answers; scoring looks for "I don't know". */
export const ABSTENTION = "I don't know: nothing I can see says.";

/**
 * Where a candidate sentence came from: the person's own words, a record or document (a tool's
 * output, the engine's blocks of facts and summary), or the model's own earlier account.
 */
type Origin = 'person' | 'document' | 'own';
/**
 * A candidate with where it came from. A sentence that refers back ("disable this") also meets the
 * words of its `antecedent`, the sentence before it; `ownStems` are the words it says itself.
 */
type Sourced = Candidate & {
  origin: Origin;
  ownStems: ReadonlySet<string>;
  ownAlike?: ReadonlySet<string>;
  antecedent?: string;
  /** The text whose values can answer, when it differs from the sentence (a requested path left out). */
  valueText?: string;
  /** The acronyms it writes, lower case (see `withAcronyms`). */
  acronyms?: readonly string[];
};

function originOf(visible: VisibleText): Origin | undefined {
  if (visible.source === 'call') return undefined;
  if (visible.source === 'assistant') return 'own';
  if (visible.source === 'tool' || FRAMING.test(visible.text)) return 'document';
  return 'person';
}

function candidates(texts: readonly VisibleText[], context: ReaderContext): Sourced[] {
  const found: Sourced[] = [];
  for (const visible of texts) {
    // A tool call says what was asked for, not what is so.
    const origin = originOf(visible);
    if (origin === undefined) continue;
    const key = `${origin}:${visible.prose === true ? 'prose' : 'lines'}:${visible.text}`;
    let made = context.passages.get(key) as readonly Sourced[] | undefined;
    if (made === undefined) {
      made = candidatesOf(visible.text, origin, visible.prose === true, context.stems);
      context.passages.set(key, made);
    }
    found.push(...made);
  }
  return found;
}

/** The candidate sentences of one visible text. */
function candidatesOf(text: string, origin: Origin, prose: boolean, memo: StemMemo): Sourced[] {
  const found: Sourced[] = [];
  // Framing lines go whole: their sentences would otherwise split into plausible-looking parts.
  const content = text
    .split('\n')
    .filter((line) => !FRAMING.test(line))
    .join('\n');
  for (const { sentence, antecedent } of inSections(content, origin === 'document' ? prose : undefined)) {
    if (!isCandidate(sentence)) continue;
    // A file the person asks to have read is where to look, not a value they state: a sentence that
    // says nothing else ("Next: man/x.txt.") is no candidate, and the path is no value of the others.
    const requested = origin === 'person' ? requestedReads(sentence) : [];
    const stated = requested.reduce((text, { path }) => text.split(path).join(' '), sentence);
    const says = words(stated).filter((word) => !REQUEST_LEAD_WORDS.has(word) && !SEQUENCE_WORDS.has(word));
    if (requested.length > 0 && contentStems(says.join(' '), memo).length === 0) continue;
    const cleaned = cleanSentence(sentence);
    const acronyms = acronymsOf(cleaned);
    const own = {
      ...toCandidate(cleaned, memo),
      ...(requested.length > 0 ? { valueText: cleanSentence(stated) } : {}),
      ...(acronyms === undefined ? {} : { acronyms }),
    };
    if (antecedent === undefined) {
      found.push({ ...own, origin, ownStems: own.stems });
      continue;
    }
    const before = cleanSentence(antecedent);
    const stems = new Set([...own.stems, ...contentStems(before, memo)]);
    found.push({ ...own, stems, origin, ownStems: own.stems, antecedent: before });
  }
  return found;
}

/**
 * The sentences of a text, each with the sentence it refers back to. In a document (`prose` given)
 * a Markdown heading ("## 8.18.0 (2024-05-10)") stands over the sentences of its section: a sentence
 * that refers back to none has the headings it lies under for context, outermost first, so a
 * release's changes answer "which release …" with the heading's version.
 */
function inSections(
  content: string,
  prose: boolean | undefined,
): { sentence: string; antecedent?: string }[] {
  if (prose === undefined) return withAntecedents(sentenceGroups(content, false));
  const found: { sentence: string; antecedent?: string }[] = [];
  // The headings the current section lies under, outermost first, each with its level.
  let headings: { level: number; text: string }[] = [];
  let body: string[] = [];
  const flush = () => {
    const heading = headings.length === 0 ? undefined : headings.map((h) => h.text).join(' / ');
    for (const { sentence, antecedent } of withAntecedents(sentenceGroups(body.join('\n'), prose))) {
      const context = antecedent ?? heading;
      found.push(context === undefined ? { sentence } : { sentence, antecedent: context });
    }
    body = [];
  };
  for (const line of content.split('\n')) {
    const level = HEADING.exec(line)?.[1]?.length;
    if (level === undefined) {
      body.push(line);
      continue;
    }
    flush();
    found.push({ sentence: line.trim() });
    headings = [...headings.filter((h) => h.level < level), { level, text: line.trim() }];
  }
  flush();
  return found;
}

/** A Markdown heading line: one to six `#`, then its text. */
const HEADING = /^\s{0,3}(#{1,6})\s+\S/;

/**
 * A subject word no visible sentence contains, that no synonym or value could stand in for. A word
 * inside a longer visible word counts as seen ("test" in "pytest").
 */
function isUnseenSubject(stem: string, pool: readonly Candidate[]): boolean {
  if (COMMON_VERB_STEMS.has(stem) || !isSubjectWord(stem) || hasSynonyms(stem)) return false;
  if (pool.some((c) => c.stems.has(stem) || c.alike?.has(stem) === true)) return false;
  return stem.length < 4 || !pool.some((c) => [...c.stems].some((other) => other.includes(stem)));
}

/** The stems of the nouns and names of what a question asks ("the port", "mDNS"). */
function namedThings(question: string, context?: ReaderContext): ReadonlySet<string> {
  const nouns = remembered(context, askedParts, question).asked.filter(
    (token) => token.pos === 'NOUN' || token.pos === 'PROPN',
  );
  return new Set(nouns.flatMap((token) => contentStems(token.value)));
}

/**
 * The stem of the head noun of what a question asks for, when it names the kind of value wanted ("the
 * duration of the crossing") or a value of any kind ("SENIOR_DISCOUNT's value"): a value answers,
 * whatever word the sentence uses for it.
 */
function kindHeadStem(question: string, context: ReaderContext): string | undefined {
  const { head } = remembered(context, questionShape, question);
  const stemmed = head === undefined ? undefined : contentStems(head)[0];
  return stemmed !== undefined && VALUE_HEAD_STEMS.has(stemmed) ? stemmed : undefined;
}

/** The stems of the nouns that name a value of any kind: framing wherever a question says them. */
const VALUE_NOUN_STEMS = stemSet([...VALUE_NOUNS].join(' '));

/** The stems of the nouns that name a kind of value, or a value of any kind. */
const VALUE_HEAD_STEMS = stemSet(
  [...Object.values(KIND_NOUNS).flatMap((set) => [...set]), ...VALUE_NOUNS].join(' '),
);

/** The pairs of content words a question says next to each other, in its asked words. */
function keyPairs(asked: string): (readonly [string, string])[] {
  const stems = contentStems(asked);
  return stems.slice(1).map((stem, i) => [stems[i] as string, stem] as const);
}

/** Passive participles ("is configured", "was set"): they say how, not what the question is about. */
function passiveStems(question: string): Set<string> {
  const found = new Set<string>();
  for (const match of question.matchAll(/\b(?:is|are|was|were|be|been|being)\s+(\w+ed)\b/gi)) {
    const stemmed = contentStems(match[1] ?? '')[0];
    if (stemmed) found.add(stemmed);
  }
  return found;
}

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
  const mode = temporalMode(question);
  // An acronym a sentence uses meets the words it stands for, if the question spells them out.
  // A word of like meaning meets a word of the question ("attempts" for "tries").
  const alike = remembered(context, synonymIndex, question);
  const spelled = remembered(context, spelledAcronyms, question);
  const pool = candidates(texts, context).map((candidate) =>
    withSynonyms(withAcronyms(candidate, spelled), alike),
  );
  // Words that only frame the answer (its kind, a passive verb, a generic subject such as a bare
  // plural) go when nothing visible says them.
  const framing = new Set([
    answerKindStem(question),
    kindHeadStem(question, context),
    ...contentStems(question).filter((stem) => VALUE_NOUN_STEMS.has(stem)),
    ...passiveStems(question),
    genericSubjectStem(question),
  ]);
  const seen = (stem: string) => pool.some((c) => c.stems.has(stem));
  const askedWords = remembered(context, askedParts, question).text;
  const asked = remembered(context, keyOfAsked, askedWords).filter(
    (stem) => !framing.has(stem) || seen(stem),
  );
  // A thing the question names that nothing visible names: what it asks about is not in view. Other
  // words nothing visible says (a verb, an adjective: "painted", "quickly") cannot tell
  // sentences apart, and leave the key.
  const unseen = asked.filter((stem) => isUnseenSubject(stem, pool));
  const things = namedThings(question, context);
  if (unseen.some((stem) => things.has(stem))) return ABSTENTION;
  const key = asked.filter((stem) => !unseen.includes(stem));
  if (key.length === 0) return ABSTENTION;
  const weights = keyWeights(key, pool);
  const pairs = remembered(context, keyPairs, askedWords).filter(
    ([a, b]) => key.includes(a) && key.includes(b),
  );
  const type = remembered(context, questionShape, question).type;
  const holds = (sentence: string) => remembered(context, holdsType, sentence, type);
  // What the person said of their own work stands, and a later statement of theirs replaces an
  // earlier one; then the documents and records; the model's own earlier accounts last.
  // The person names the thing itself ("we went with X"), seldom its kind ("which library"): their
  // statements need not say the kind's word.
  const kind = answerKindStem(question);
  const personKey = key.length > 1 ? key.filter((stem) => stem !== kind) : key;
  // Only a sentence that covers the key can be chosen (with its own words or with those of the
  // sentence before, which only add to them); the others need no look for values.
  const covers = (candidate: Sourced) =>
    coverage(key, candidate, weights, type === 'yes-no') !== undefined ||
    (personKey !== key && coverage(personKey, candidate, weights, type === 'yes-no') !== undefined);
  // A sentence that holds no value of the kind asked for cannot answer.
  const typed = pool.filter(
    (candidate) =>
      covers(candidate) &&
      (holds(candidate.valueText ?? candidate.text) ||
        (candidate.antecedent !== undefined && holds(candidate.antecedent))),
  );
  const from = (origin: Origin) => typed.filter((c) => c.origin === origin);
  // Of the person's statements (and the model's accounts, which repeat them), one about another thing
  // of the same kind does not answer: asked about the "north kiln", "our south kiln fires at
  // 1,200 degrees" is about something else.
  const personal = from('person').filter((candidate) => !namesAnother(question, candidate));
  const own = from('own').filter((candidate) => !namesAnother(question, candidate));
  const cascade = (keep: (candidate: Sourced) => boolean) =>
    choose(
      personKey,
      personal.filter(keep),
      weights,
      mode === 'earliest' ? 'earliest' : 'latest',
      type,
      holds,
      pairs,
    ) ??
    choose(key, from('document').filter(keep), weights, mode, type, holds, pairs) ??
    choose(key, own.filter(keep), weights, mode, type, holds, pairs);
  // A name the question writes as code ("MAX_RETRIES", "fetchAll") is asked about as written: a
  // sentence that says it so comes before one that only shares its words.
  const names = codeNames(question);
  const chosen =
    (names.length > 0 ? cascade((candidate) => saysName(candidate.text, names)) : undefined) ??
    cascade(() => true);
  if (chosen === undefined) return ABSTENTION;
  // Too little of what was asked, rare words weighing most, is said by the best sentence: abstain.
  // The person's statements need not name the kind asked for, and common verbs say little.
  const supported = (chosen.origin === 'person' ? asked.filter((stem) => stem !== kind) : asked).filter(
    (stem) => !COMMON_VERB_STEMS.has(stem),
  );
  if (supported.length > 0 && support(supported, chosen, keyWeights(supported, pool)) < LEAST_SUPPORT) {
    return ABSTENTION;
  }
  const reply = inContext(
    chosen,
    holds,
    (alone) => coverage(key, alone, weights, type === 'yes-no') !== undefined,
  );
  if (type !== 'yes-no') return reply;
  return `${isNegative(chosen.text) !== isNegative(question) ? 'No' : 'Yes'}: ${reply}`;
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
 * then the other in brackets.
 */
function inContext(
  chosen: Sourced,
  holds: (sentence: string) => boolean,
  answers: (alone: Candidate) => boolean,
): string {
  const alone = { text: chosen.text, stems: chosen.ownStems, alike: chosen.ownAlike };
  const own = holds(chosen.valueText ?? chosen.text);
  if (chosen.antecedent === undefined || (own && answers(alone))) return chosen.text;
  const [lead, rest] = own ? [chosen.text, chosen.antecedent] : [chosen.antecedent, chosen.text];
  return `${lead} (${rest})`;
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
  type: AnswerType,
  holds: (sentence: string) => boolean,
  pairs: readonly (readonly [string, string])[],
): Sourced | undefined {
  const alone = pool.filter((candidate) => holds(candidate.valueText ?? candidate.text));
  const bySelf = alone.map((candidate) => ({
    ...candidate,
    stems: candidate.ownStems,
    alike: candidate.ownAlike,
  }));
  const index = chooseAmong(key, bySelf, weights, mode, type, pairs);
  if (index !== undefined) return alone[index];
  const withContext = chooseAmong(key, pool, weights, mode, type, pairs);
  return withContext === undefined ? undefined : pool[withContext];
}

/** The index in `pool` of the sentence `choose` takes, among sentences read as they stand. */
function chooseAmong(
  key: readonly string[],
  pool: readonly Sourced[],
  weights: ReadonlyMap<string, number>,
  mode: TemporalMode,
  type: AnswerType,
  pairs: readonly (readonly [string, string])[],
): number | undefined {
  let chosen: { index: number; score: number } | undefined;
  for (const [index, candidate] of pool.entries()) {
    if (coverage(key, candidate, weights, type === 'yes-no') === undefined) continue;
    const score = weightedCoverage(key, candidate, weights) + pairBonus(pairs, candidate, weights);
    // Candidates come in order, so "latest" keeps replacing and "earliest" keeps the first.
    const better = chosen === undefined || mode === 'latest' || (mode === 'best' && score >= chosen.score);
    if (better) chosen = { index, score };
  }
  return chosen?.index;
}

/**
 * True when a sentence speaks of another thing of the same kind: a noun of the question that the
 * sentence says too, with a word before it in the question that the sentence lacks and a different
 * word before it in the sentence.
 */
function namesAnother(question: string, candidate: Candidate): boolean {
  // Function words ("the") modify nothing: they count as no word, and so does a path, whose parts
  // ("tools/hooks") are no modifier and noun.
  const asked = words(question).map((word) => contentStems(word)[0]);
  const said = candidate.text
    .split(/\s+/)
    .flatMap((token) =>
      asPath(token) === undefined ? words(token).map((word) => contentStems(word)[0]) : [undefined],
    );
  for (let i = 0; i + 1 < asked.length; i++) {
    const [modifier, noun] = [asked[i], asked[i + 1]];
    if (!modifier || !noun || !/^\p{L}+$/u.test(modifier + noun)) continue;
    if (candidate.stems.has(modifier) || !candidate.stems.has(noun)) continue;
    if (
      said.some((stem, j) => stem === noun && j > 0 && said[j - 1] !== undefined && said[j - 1] !== modifier)
    )
      return true;
  }
  return false;
}

/**
 * A candidate that also meets the words an acronym of it stands for: "DNS" meets "domain name system"
 * when the question says those words, one after the other. `spelled` maps each acronym the question's
 * words spell to their stems.
 */
function withAcronyms(candidate: Sourced, spelled: ReadonlyMap<string, readonly string[]>): Sourced {
  if (spelled.size === 0 || candidate.acronyms === undefined) return candidate;
  const extra = candidate.acronyms.flatMap((acronym) => spelled.get(acronym) ?? []);
  if (extra.length === 0) return candidate;
  const stems = new Set([...candidate.stems, ...extra]);
  return { ...candidate, stems, ownStems: new Set([...candidate.ownStems, ...extra]) };
}

/** The acronyms a sentence writes ("DNS", "TLS1"), lower case, or undefined when it writes none. */
function acronymsOf(text: string): readonly string[] | undefined {
  const found = [...text.matchAll(/\b([A-Z]{2,5})\d*\b/g)].map((m) => (m[1] ?? '').toLowerCase());
  return found.length === 0 ? undefined : found;
}

/** Each acronym of two to five letters that runs of the question's words spell, with their stems. */
function spelledAcronyms(question: string): ReadonlyMap<string, readonly string[]> {
  const asked = words(question);
  const spelled = new Map<string, string[]>();
  for (let length = 2; length <= 5; length++) {
    for (let i = 0; i + length <= asked.length; i++) {
      const run = asked.slice(i, i + length);
      const acronym = run.map((word) => word[0]).join('');
      spelled.set(acronym, [...(spelled.get(acronym) ?? []), ...contentStems(run.join(' '))]);
    }
  }
  return spelled;
}

/**
 * A candidate that knows which of the question's words it meets only through a word of like meaning.
 * `bySynonym` maps each synonym's stem to the stems of the question's words it stands for.
 */
function withSynonyms(candidate: Sourced, bySynonym: ReadonlyMap<string, readonly string[]>): Sourced {
  if (bySynonym.size === 0) return candidate;
  const met = (stems: ReadonlySet<string>) => {
    const found = new Set<string>();
    // Through the smaller of the two: the sentence's words, or the synonyms of the question's.
    const take = (said: string) => {
      for (const key of bySynonym.get(said) ?? []) if (!stems.has(key)) found.add(key);
    };
    if (stems.size <= bySynonym.size) for (const said of stems) take(said);
    else for (const said of bySynonym.keys()) if (stems.has(said)) take(said);
    return found;
  };
  const all = met(candidate.stems);
  if (all.size === 0) return candidate;
  const own = candidate.ownStems === candidate.stems ? all : met(candidate.ownStems);
  return { ...candidate, alike: all, ownAlike: own };
}

/** For each synonym's stem, the question words' stems it stands for. */
function synonymIndex(question: string): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, string[]>();
  for (const [key, others] of askedSynonyms(question)) {
    for (const other of others) index.set(other, [...(index.get(other) ?? []), key]);
  }
  return index;
}
