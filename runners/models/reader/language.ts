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
    analyser = (text) => {
      const tokens = nlp.readDoc(readable(text)).tokens();
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
    return analyser;
  };
})();

/** The tokens of `text`, each with its part of speech, lemma and negation. */
export function analyse(text: string): Token[] {
  return text.trim() === '' ? [] : loadAnalyser()(text);
}

/** True for a verb or an auxiliary. */
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
