/**
 * The language analysis the reader's acts rest on: wink-nlp's tokens, parts of speech, lemmas and
 * negation scope for a short text such as one clause of a person's message. The model is loaded on
 * first use, so a process that never asks pays nothing for it; it is a fixed resource, and nothing
 * a text yields is kept between calls.
 */
import { nlp as pipeline, readable } from './nlp.js';
import {
  EARLIEST_PHRASES,
  LATEST_PHRASES,
  MODALS,
  PAST_AUXILIARY_FORMS,
  PRIMARY_AUXILIARIES,
} from './lexicon.js';
import { americanSpelling } from './text.js';

/** One token of an analysed text. */
export interface Token {
  /** The token as written. */
  value: string;
  /** The token in lower case, without a leading apostrophe ("'ve" → "ve"). */
  lower: string;
  /** Its universal part of speech: NOUN, VERB, AUX, PRON, ADJ, ADV, PUNCT, … */
  pos: string;
  /** Its lemma in lower case: "was" → "be", "wrote" → "write". */
  lemma: string;
  /** True when the token lies in the scope of a negation ("don't open it", "no need to"). */
  negated: boolean;
  /** The white space before it in the text ("" inside "5.1" or before "'s"). */
  space: string;
}

type Analyser = (text: string) => Token[];

/** The analyser over the reader's one wink-nlp pipeline, made on first use. */
const loadAnalyser = ((): (() => Analyser) => {
  let analyser: Analyser | undefined;
  return () => {
    if (analyser !== undefined) return analyser;
    const nlp = pipeline();
    const its = nlp.its;
    const tag = (read: string): Token[] => {
      const tokens = nlp.readDoc(read).tokens();
      const values = tokens.out(its.value);
      const tags = tokens.out(its.pos);
      // The typings give lemma and negation helpers signatures `out` does not accept; both work.
      const out = tokens.out.bind(tokens) as (helper: unknown) => unknown[];
      const lemmas = out(its.lemma) as string[];
      const negations = out(its.negationFlag) as boolean[];
      const spaces = out(its.precedingSpaces) as string[];
      return values.map((value, i) => ({
        value,
        lower: value.toLowerCase().replace(/^['’]/, ''),
        pos: tags[i] ?? '',
        lemma: (lemmas[i] ?? value).toLowerCase(),
        negated: negations[i] === true,
        space: spaces[i] ?? ' ',
      }));
    };
    analyser = (text) => {
      const read = readable(text);
      return inSentenceCase(read, tag(read), tag);
    };
    return analyser;
  };
})();

/**
 * `tokens` of `read` with each word that opens a sentence only by its capital read as written in
 * lower case. The tagger takes a capitalised word for a name ("Final firing date for …" makes "Final"
 * a proper noun); when the same word in lower case is neither a noun nor a name ("final", an
 * adjective), the capital was the sentence's, and the word takes the lower-case reading. A word
 * that is a noun either way may be a name ("Python version?") and stays as it was.
 */
function inSentenceCase(read: string, tokens: Token[], tag: (read: string) => Token[]): Token[] {
  const opening: number[] = [];
  let at = 0;
  let lowered = read;
  for (const [i, token] of tokens.entries()) {
    at += token.space.length;
    const opens = i === 0 || SENTENCE_ENDS.has(tokens[i - 1]?.value ?? '');
    if (opens && token.pos === 'PROPN' && isCapitalised(token.value) && read.startsWith(token.value, at)) {
      opening.push(i);
      lowered = lowered.slice(0, at) + token.value.toLowerCase() + lowered.slice(at + token.value.length);
    }
    at += token.value.length;
  }
  if (opening.length === 0) return tokens;
  const again = tag(lowered);
  if (again.length !== tokens.length) return tokens;
  return tokens.map((token, i) => {
    const lower = again[i];
    if (!opening.includes(i) || lower === undefined || NAMING_TAGS.has(lower.pos)) return token;
    return { ...token, pos: lower.pos, lemma: lower.lemma, negated: lower.negated };
  });
}

/** Marks that end a sentence, after which a word is capitalised whatever it is. */
const SENTENCE_ENDS: ReadonlySet<string> = new Set(['.', '!', '?']);

/** True for a word of one capital and lower-case letters after it ("Final"; not "NAS", "McKay", "A"). */
function isCapitalised(word: string): boolean {
  const rest = word.slice(1);
  return (
    word.length > 1 &&
    word[0] !== word[0]?.toLowerCase() &&
    rest === rest.toLowerCase() &&
    rest !== rest.toUpperCase()
  );
}

/** The tags of a word that may name a thing: a noun, a proper noun. */
export const NAMING_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN']);

/** The tokens of `text`, each with its part of speech, lemma and negation. */
export function analyse(text: string): Token[] {
  return text.trim() === '' ? [] : loadAnalyser()(text);
}

/**
 * `kept`, some of the tokens `all` of a text, as text: each after the white space that stood before
 * it, with the marks between them, so that what wink split apart ("5.1", "pre-2.4", "$HOME",
 * "team's") reads as it was written. A word left out between two kept ones is left out.
 */
export function joined(kept: readonly Token[], all: readonly Token[]): string {
  const keep = new Set(kept);
  const first = all.findIndex((token) => keep.has(token));
  const last = all.findLastIndex((token) => keep.has(token));
  if (first < 0) return kept.map((token) => token.value).join(' ');
  let text = '';
  for (const token of all.slice(first, last + 1)) {
    if (!keep.has(token) && token.pos !== 'PUNCT' && token.pos !== 'SYM') continue;
    text += (text === '' ? '' : token.space) + token.value;
  }
  return text;
}

/** True for a verb or an auxiliary. */
export function isVerbal(token: Token): boolean {
  return token.pos === 'VERB' || token.pos === 'AUX';
}

/** True for a word that places what follows it in time, by the answer it wants ("final", "first"). */
export function placesInTime(word: Token | undefined): word is Token {
  return word !== undefined && (LATEST_PHRASES.includes(word.lower) || EARLIEST_PHRASES.includes(word.lower));
}

/** True for a form that differs from its lemma and ends in "st": a superlative ("oldest", "best"). */
export function isSuperlativeForm(token: Token): boolean {
  return token.lower !== token.lemma && token.lower.endsWith('st');
}

/**
 * True when a verb's form is its past tense or past participle: it differs from its lemma and is no
 * "-s" or "-ing" form, nor only a spelling of the lemma ("wrote", "helped", "been"; not "summarise").
 */
export function isPastForm(token: Token): boolean {
  if (!isVerbal(token) || MODALS.has(token.lemma)) return false;
  const form = token.lower;
  // The auxiliaries' present forms ("are", "'m", "'ve") differ from their lemmas too.
  if (PRIMARY_AUXILIARIES.has(token.lemma)) return PAST_AUXILIARY_FORMS.has(form);
  if (form === token.lemma || americanSpelling(form) === americanSpelling(token.lemma)) return false;
  return form.endsWith('ed') || (!form.endsWith('ing') && !form.endsWith('s'));
}
