/**
 * The reader's language analysis: wink-nlp's tokens, lemmas and parts of speech for one sentence.
 * wink-nlp and its English model are CommonJS packages; a plain default import loads them under tsx
 * and from the compiled dist/ alike. The pipeline is built on first use and holds no state that
 * changes: reading a sentence twice gives the same tokens.
 */
import winkNLP, { type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { PRONOUN_AM_CONTRACTIONS } from './lexicon.js';
import { Phrases } from './phrases.js';

/** One token of a sentence: its text, its lemma (lower-case) and its universal part of speech. */
export interface Token {
  value: string;
  lemma: string;
  pos: string;
}

type Pipeline = ReturnType<typeof winkNLP>;

let pipeline: Pipeline | undefined;

/**
 * wink-nlp with its English model and the annotations every stage of the reader uses (sentences,
 * negation, parts of speech): one pipeline for the process, built on first use. Built once and never
 * changed: the model's tables are read-only after loading, so readers share it safely.
 */
export function nlp(): Pipeline {
  pipeline ??= winkNLP(model, ['sbd', 'negation', 'pos']);
  return pipeline;
}

/**
 * `text` as wink should read it: within reach (below), with "I'm" written as two words, which
 * wink's model otherwise reads as one proper noun (it splits "I've", "you're" and the like itself),
 * and with the dot that opens a name (".kilnrc", "a .bak file") left out: wink takes it
 * for the full stop of a sentence, and the question would end at it.
 */
export function readable(text: string): string {
  return apartBeforeApostrophe(withinReach(text), PRONOUN_AM).replace(LEADING_DOT, '$1');
}

/** A dot after a space or at the start, before a letter: the first mark of a name, not a full stop. */
const LEADING_DOT = /(^|\s)\.(?=\p{L})/gu;

const PRONOUN_AM = new Phrases(PRONOUN_AM_CONTRACTIONS);

/** `text` with a space before the apostrophe of each of `contractions` it holds ("I 'm"). */
function apartBeforeApostrophe(text: string, contractions: Phrases): string {
  let out = '';
  let from = 0;
  for (const hit of contractions.findAll(text)) {
    const word = text.slice(hit.start, hit.end);
    const apostrophe = Math.max(word.indexOf("'"), word.indexOf('’'));
    if (apostrophe < 0) continue;
    out += `${text.slice(from, hit.start + apostrophe)} `;
    from = hit.start + apostrophe;
  }
  return out + text.slice(from);
}

/**
 * `text` with each run of more than `LONGEST_WORD` characters without a space cut to that length.
 * wink's patterns backtrack over a whole token, so one run of many thousand characters (a blob, a
 * hash) would take seconds; no word of a language is that long, and its start says what it is.
 */
export function withinReach(text: string): string {
  return LONG_RUN.test(text) ? text.replace(LONG_RUNS, (run) => run.slice(0, LONGEST_WORD)) : text;
}

const LONGEST_WORD = 256;
const LONG_RUN = new RegExp(`\\S{${LONGEST_WORD + 1}}`);
const LONG_RUNS = new RegExp(`\\S{${LONGEST_WORD + 1},}`, 'g');

/** The tokens of `text`, read as one stretch of language (spaces and line breaks left out). */
export function tokens(text: string): Token[] {
  const engine = nlp();
  const its = engine.its;
  const read = engine.readDoc(readable(text)).tokens();
  const values = read.out(its.value);
  // The package's types give the lemma function the wrong shape for `out`; it is a token function.
  const lemmas = read.out(its.lemma as unknown as ItsFunction<string>);
  const tags = read.out(its.pos);
  const out: Token[] = [];
  values.forEach((value, i) => {
    const pos = tags[i] ?? '';
    if (pos === 'SPACE') return;
    out.push({ value, lemma: (lemmas[i] ?? value).toLowerCase(), pos });
  });
  return out;
}
