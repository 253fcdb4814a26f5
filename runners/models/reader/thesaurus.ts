/**
 * Words of like meaning, from WordNet: "tries" meets "attempts", "lookup" meets "search", "mixed up"
 * meets "confuse". People ask in their own words, and documents say things in theirs; without this,
 * a question answered in view in other words goes unanswered.
 *
 * The data (thesaurus.json) is made from WordNet 3.1 by scripts/build-thesaurus.ts: each lemma with
 * the one-word members of its most frequent senses. A question's word is brought to its lemma by
 * WordNet's own detachment rules ("tries" to "try", "mixed" to "mix"), irregular forms by the
 * lexicon's table, and two words may be one lemma ("mix up").
 */
import data from './thesaurus.json' with { type: 'json' };
import { IRREGULAR_VERB_FORMS, SUBJECT_PRONOUNS, VERB_PARTICLES } from './lexicon.js';
import { tokens, type Token } from './nlp.js';
import { COMMON_VERB_STEMS, STOP_WORDS, stem } from './text.js';

/** A part of speech as WordNet's files name it. */
export type WordClass = 'n' | 'v' | 'a' | 'r';

/**
 * Where each synset of `lemma` in `pos` starts in the synsets' text, most frequent sense first: a
 * binary search over the sorted lemma lines, so nothing is parsed before it is asked for.
 */
function sensesOf(pos: WordClass, lemma: string): number[] {
  // A lemma line is its letter, the lemma, then the synsets' offsets: its key is its first two fields.
  const line = sortedLine(data.lemmas, `${pos} ${lemma}`, (found) =>
    found.slice(0, found.indexOf(' ', found.indexOf(' ') + 1)),
  );
  if (line === undefined) return [];
  return line
    .slice(line.indexOf(' ', line.indexOf(' ') + 1) + 1)
    .split(' ')
    .map(Number);
}

/**
 * The line of `text`, whose lines are sorted by their keys in code-unit order, whose key (as `keyOf`
 * reads it from the line) is `key`: a binary search over the text, nothing split or parsed.
 */
function sortedLine(text: string, key: string, keyOf: (line: string) => string): string | undefined {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const start = text.lastIndexOf('\n', middle - 1) + 1;
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    const lineKey = keyOf(line);
    if (lineKey === key) return line;
    if (lineKey < key) low = end + 1;
    else high = start;
  }
  return undefined;
}

/** The one-word members of the synset whose line starts at `at`. */
function membersAt(at: number): string[] {
  const end = data.synsets.indexOf('\n', at);
  return data.synsets.slice(at, end < 0 ? undefined : end).split(' ');
}

/**
 * WordNet's detachment rules: the endings inflection adds in each part of speech, and what each
 * replaces ("churches" to "church", "tried" to "try", "larger" to "large").
 */
const DETACHMENTS: Readonly<Record<WordClass, readonly (readonly [string, string])[]>> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ied', 'y'],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

const WORD_CLASSES: readonly WordClass[] = ['n', 'v', 'a', 'r'];

/** The lemmas of `pos` that `word` (lower case) may be a form of, itself first: those WordNet lists. */
export function lemmasOf(word: string, pos: WordClass): string[] {
  return formsOf(word, pos).filter((form) => sensesOf(pos, form).length > 0);
}

/** True when `word` (lower case, any inflection) is a form of a verb WordNet lists ("crashes"). */
export function canBeVerb(word: string): boolean {
  return formsOf(word, 'v').some((form) => sortedLine(data.verbs, form, (line) => line) !== undefined);
}

/**
 * True when `word` (lower case, any inflection) and the particle after it make a verb WordNet lists
 * as one ("kicks in", "set up"): the two are a verb however the tagger read the first.
 */
export function isPhrasalVerb(word: string, particle: string): boolean {
  return formsOf(word, 'v').some((form) => sensesOf('v', `${form}_${particle}`).length > 0);
}

/** The most words an adverb of several words runs to ("as the crow flies"). */
const LONGEST_ADVERB_PHRASE = 6;

/**
 * How many words from `at` of `words` (lower case) make an adverb WordNet lists as a phrase ("by
 * hand", "on the fly", "from scratch"), the longest first; 0 when none starts there.
 */
export function adverbPhraseAt(words: readonly string[], at: number): number {
  for (let length = Math.min(LONGEST_ADVERB_PHRASE, words.length - at); length >= 2; length--) {
    const phrase = words.slice(at, at + length).join('_');
    if (sortedLine(data.adverbPhrases, phrase, (line) => line) !== undefined) return length;
  }
  return 0;
}

/** `word` and the lemmas of `pos` it may be a form of by the endings inflection adds. */
function formsOf(word: string, pos: WordClass): string[] {
  const forms = new Set<string>([word]);
  const irregular = pos === 'v' ? IRREGULAR_VERB_FORMS.get(word) : undefined;
  if (irregular !== undefined) forms.add(irregular);
  for (const [ending, base] of DETACHMENTS[pos]) {
    if (word.length <= ending.length + 1 || !word.endsWith(ending)) continue;
    const root = word.slice(0, -ending.length);
    forms.add(root + base);
    // A consonant doubled before the ending ("stopped", "bigger") was not the root's.
    if (base === '' && /([b-df-hj-np-tv-z])\1$/.test(root)) forms.add(root.slice(0, -1));
  }
  return [...forms];
}

/** True when WordNet has `word` (any inflection) in some part of speech. */
export function isKnownWord(word: string): boolean {
  return WORD_CLASSES.some((wordClass) => lemmasOf(word, wordClass).length > 0);
}

/** The fewest letters either word of a closed compound has ("head" of "headcount"). */
const LEAST_COMPOUND_PART = 3;

/**
 * The second word of `word` (lower case) read as a closed compound, two words written as one
 * ("headcount" ends in "count", "hostname" in "name"): a word the thesaurus does not know, made of two
 * it does, the second as long as it can be. Undefined for a word it knows ("account") and for one
 * that splits no such way.
 */
export function compoundHead(word: string): string | undefined {
  if (isKnownWord(word)) return undefined;
  for (let at = LEAST_COMPOUND_PART; at <= word.length - LEAST_COMPOUND_PART; at++) {
    const head = word.slice(at);
    if (isKnownWord(word.slice(0, at)) && isKnownWord(head)) return head;
  }
  return undefined;
}

/**
 * The words that share a frequent sense with `word` (lower case, any inflection) in `pos`, or in any
 * part of speech without one; the word and its lemmas left out. With `next`, the two words are looked
 * up as one lemma ("mix" and "up" as "mix_up").
 */
export function synonymsOf(word: string, pos?: WordClass, next?: string): string[] {
  const found = new Set<string>();
  const own = new Set<string>([word]);
  for (const wordClass of pos === undefined ? WORD_CLASSES : [pos]) {
    const lemmas = lemmasOf(word, wordClass);
    for (const lemma of lemmas) own.add(lemma);
    // A verb of two words ("leave out") has words of like meaning even where its first word alone has
    // none ("leave" shares its frequent senses with no other word).
    const looked =
      next === undefined
        ? lemmas
        : formsOf(word, wordClass)
            .map((form) => `${form}_${next}`)
            .filter((lemma) => sensesOf(wordClass, lemma).length > 0);
    for (const lemma of looked) {
      for (const at of sensesOf(wordClass, lemma)) {
        for (const member of membersAt(at)) found.add(member);
      }
    }
  }
  return [...found].filter((member) => !own.has(member));
}

/**
 * The nouns of what an adjective measures or describes, as WordNet's attributes give them: "wide" is
 * a width, "deep" a depth. Empty for a word that is no adjective or has none.
 */
export function attributesOf(word: string): string[] {
  const found = new Set<string>();
  // The attributes are listed by lemma whether or not the adjective has words of like meaning.
  for (const form of formsOf(word, 'a')) {
    const line = sortedLine(data.attributes, form, (found) => found.slice(0, found.indexOf(' ')));
    for (const noun of line?.split(' ').slice(1) ?? []) found.add(noun);
  }
  return [...found];
}

/** wink's parts of speech that WordNet has words for. */
const WORD_CLASS_OF_TAG: Readonly<Record<string, WordClass>> = { NOUN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r' };

/** The word class a word of each class may be used as without a change of form: a noun as a verb. */
const CONVERTED: Partial<Record<WordClass, WordClass>> = { n: 'v', v: 'n' };

/** Tags of the words that may end a phrasal verb ("up" of "mixed up"), however wink tags the verb. */
const PARTICLE_TAGS: ReadonlySet<string> = new Set(['ADP', 'PART', 'ADV']);

/**
 * For each content word of a question, by its stem, the stems of the words that share a frequent sense
 * with it in the part of speech it has there: "Which key stops a job once it tries to read?" gives
 * "tri" the stems of "attempt", "seek", "test" and others. Function words, common verbs and names get
 * none: they say little, or name one thing.
 */
export function askedSynonyms(question: string): ReadonlyMap<string, ReadonlySet<string>> {
  const found = new Map<string, Set<string>>();
  const read = tokens(question);
  const add = (word: string, alike: readonly string[]) => {
    const key = stem(word);
    if (STOP_WORDS.has(word)) return;
    const stems = alike
      .filter((member) => !STOP_WORDS.has(member))
      .map(stem)
      .filter((other) => other !== key && !COMMON_VERB_STEMS.has(other));
    if (stems.length === 0) return;
    const set = found.get(key) ?? new Set<string>();
    for (const other of stems) set.add(other);
    found.set(key, set);
  };
  read.forEach((token, i) => {
    const pos = WORD_CLASS_OF_TAG[token.pos];
    const word = token.value.toLowerCase();
    if (pos === undefined || !/^\p{L}+$/u.test(word)) return;
    // A verb used as a noun, or a noun as a verb ("after the last reboot"), is looked up as the other
    // when WordNet lists it only as that.
    const other = CONVERTED[pos];
    const asTagged = other === undefined || lemmasOf(word, pos).length > 0 ? pos : other;
    add(word, synonymsOf(word, asTagged));
    // An adjective of measure ("how wide", "three levels deep") meets the noun a text names the measure
    // by ("the width", "a depth of three").
    if (pos === 'a' || pos === 'r') add(word, attributesOf(word));
    // A verb and the particle after it may be one lemma ("mixed up", "looked up"), whose words of like
    // meaning stand for both: "confuse" says "mix" and "up".
    const next = read[i + 1];
    if (next !== undefined && PARTICLE_TAGS.has(next.pos) && VERB_PARTICLES.has(next.value.toLowerCase())) {
      const particle = next.value.toLowerCase();
      const alike = synonymsOf(word, 'v', particle);
      add(word, alike);
      add(particle, alike);
    }
  });
  return found;
}

/**
 * `read` with a word the tagger took for a noun right after a subject pronoun read as the verb it can
 * be ("when nobody sets one": "sets"), with the verb's lemma: a pronoun that stands as a subject is
 * followed by its verb, not by a noun.
 */
export function withVerbsAfterSubjects(read: readonly Token[]): Token[] {
  return read.map((token, at) => {
    const before = read[at - 1];
    if (token.pos !== 'NOUN' || before === undefined || !SUBJECT_PRONOUNS.has(before.value.toLowerCase()))
      return token;
    const lemma = lemmasOf(token.value.toLowerCase(), 'v')[0];
    return lemma === undefined ? token : { ...token, pos: 'VERB', lemma };
  });
}
