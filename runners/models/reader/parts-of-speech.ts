/**
 * Words of a text with their part of speech and lemma, as wink-nlp's English model reads them. The
 * model is loaded once, when the module is first imported, and never changes after: it holds no
 * state of any request, so readers share it safely.
 */
import { nlp as pipeline, readable } from './nlp.js';

/** One word or punctuation mark of a text. */
export interface TaggedWord {
  /** As written. */
  value: string;
  /** Lower case, as written. */
  lower: string;
  /** Its dictionary form, lower case ("options" -> "option", "forgotten" -> "forget"). */
  lemma: string;
  /** Universal part of speech: NOUN, PROPN, VERB, AUX, ADJ, ADP, DET, PRON, PUNCT, ... */
  pos: string;
}

const nlp = pipeline();
const its = nlp.its;
// wink's types declare the lemma function with a narrower signature than `out` accepts; it is one.
const LEMMA = its.lemma as unknown as typeof its.value;

/** The sentences of `text`, each as its tagged words, in order. */
export function taggedSentences(text: string): TaggedWord[][] {
  const found: TaggedWord[][] = [];
  const sentences = nlp.readDoc(readable(text)).sentences();
  for (let k = 0; k < sentences.length(); k++) {
    const tokens = sentences.itemAt(k).tokens();
    const values = tokens.out(its.value);
    const tags = tokens.out(its.pos);
    const lemmas = tokens.out(LEMMA);
    found.push(
      values.map((value, i) => ({
        value,
        lower: value.toLowerCase(),
        lemma: (lemmas[i] ?? value).toLowerCase(),
        pos: tags[i] ?? '',
      })),
    );
  }
  return found;
}
