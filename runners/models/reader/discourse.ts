/**
 * Discourse context: a sentence that speaks of "this", "these", "those" or "it" without naming what it
 * means ("You can turn this off with a flag.") leans on the sentence before it, which says what that
 * is. Such a sentence is matched together with the one before it in the same paragraph.
 *
 * Whether a demonstrative stands alone or determines a noun is read from the word after it: a function
 * word or punctuation says at once; a content word ("switch this off", "this option") is told apart by
 * its part of speech, from the sentence's tokens (given by the caller, who analysed it already, or
 * read here).
 */
import {
  CLAUSE_JOINING_DEMONSTRATIVES,
  DEMONSTRATIVES,
  NEUTER_PRONOUN,
  PRIMARY_AUXILIARIES,
} from './lexicon.js';
import { canBeVerb } from './thesaurus.js';
import { tokens, type Token } from './nlp.js';
import { STOP_WORDS, TEMPORAL_WORDS, words } from './text.js';

// The parts of speech of a word a demonstrative determines.
const NOMINAL = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

/** True when a demonstrative of the tagged sentence stands alone: no noun after it. */
function taggedAlone(tagged: readonly Token[]): boolean {
  return tagged.some(
    (token, i) =>
      DEMONSTRATIVES.has(token.value.toLowerCase()) &&
      !CLAUSE_JOINING_DEMONSTRATIVES.has(token.value.toLowerCase()) &&
      !NOMINAL.has(tagged[i + 1]?.pos ?? 'PUNCT'),
  );
}

/**
 * What follows a demonstrative decides whether it stands alone ("turn this off", "this is") or
 * determines a noun ("this option", "this `flag`"): nothing, closing punctuation or a function word
 * after it leaves it standing alone.
 */
function standsAlone(word: string, rest: string, first: boolean, tagged: () => readonly Token[]): boolean {
  const lower = word.toLowerCase();
  if (lower === NEUTER_PRONOUN) return true;
  const next = /^\s*([\p{L}\p{N}]+|\S)?/u.exec(rest)?.[1];
  if (next === undefined || /^[.,;:!?)\]]$/.test(next)) return true;
  if (!/^[\p{L}\p{N}]+$/u.test(next)) return false;
  const follower = next.toLowerCase();
  const functional = STOP_WORDS.has(follower) || TEMPORAL_WORDS.has(follower);
  // "that" also joins clauses ("says that the", "an option that makes"): only at a sentence's start is
  // it taken for a pronoun before a function word.
  if (CLAUSE_JOINING_DEMONSTRATIVES.has(lower)) return first && functional;
  return functional || taggedAlone(tagged());
}

/**
 * True for a sentence that opens with its verb, in the third person, and has no subject: "Defaults to
 * 900 seconds.", "Takes a boolean." Reference texts write so under what they describe, whose subject
 * the sentence before names. A sentence with an auxiliary later on ("Updates to it are rare") opens
 * with its subject instead.
 */
export function lacksSubject(text: string): boolean {
  const first = /^\p{Lu}\p{Ll}+s\b/u.exec(text)?.[0];
  if (first === undefined) return false;
  const said = words(text);
  if (said.length < 2 || said.slice(1).some((word) => PRIMARY_AUXILIARIES.has(word))) return false;
  return canBeVerb(first.toLowerCase()) && !canBeVerb(said[1] ?? '');
}

/**
 * True when `sentence` refers back with a bare pronoun or demonstrative, not naming what it means.
 * `analysed` are the sentence's tokens when the caller has them.
 */
export function refersBack(sentence: string, analysed?: readonly Token[]): boolean {
  const text = sentence.replace(/^([-*+]|\d+[.)])\s+/, '');
  if (lacksSubject(text)) return true;
  // Code spans name things; their words are no pronouns.
  const prose = text.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
  let tagged = analysed;
  const tags = () => (tagged ??= tokens(text));
  for (const match of prose.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    const lower = word.toLowerCase();
    if (lower !== NEUTER_PRONOUN && !DEMONSTRATIVES.has(lower)) continue;
    const first = prose.slice(0, match.index).trim() === '';
    // What follows is read in the text itself: a code span after a demonstrative is what it determines.
    if (standsAlone(word, text.slice(match.index + word.length), first, tags)) return true;
  }
  return false;
}

/**
 * True when `sentence` points back to what came before: it refers back with a bare pronoun or
 * demonstrative, or a demonstrative goes with one of its words ("that key", "this limit"). Read from
 * the words alone: a tagger may take the demonstrative for a conjunction.
 */
export function pointsBack(sentence: string): boolean {
  if (refersBack(sentence)) return true;
  const said = words(sentence);
  return said.some(
    (word, i) => DEMONSTRATIVES.has(word) && said[i + 1] !== undefined && !STOP_WORDS.has(said[i + 1] ?? ''),
  );
}

/** One sentence with the sentence it leans on, when it refers back to one in the same group. */
export interface InContext {
  sentence: string;
  antecedent?: string;
}

/**
 * The sentences of groups (paragraphs, lines) with, for each that refers back, the one before it.
 * With `demonstratives`, a sentence that says "that N" or "this N" leans on the one before too: a
 * person's "Delivery moves to that date." gives the date in the sentence before. (A document's "this
 * option" mostly names what a heading or a term names, and the reader's own accounts repeat
 * documents.)
 */
export function withAntecedents(groups: readonly (readonly string[])[], demonstratives = false): InContext[] {
  const leans = demonstratives ? pointsBack : refersBack;
  const out: InContext[] = [];
  for (const group of groups) {
    group.forEach((sentence, i) => {
      const before = i > 0 ? group[i - 1] : undefined;
      if (before === undefined || !leans(sentence)) {
        out.push({ sentence });
        return;
      }
      // What the sentence before refers back to is what this one speaks of too ("… used X. This is still
      // true for … If you wish to change this, …").
      const further = i > 1 && leans(before) ? group[i - 2] : undefined;
      out.push({ sentence, antecedent: further === undefined ? before : `${further} ${before}` });
    });
  }
  return out;
}
