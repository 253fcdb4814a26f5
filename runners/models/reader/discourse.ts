/**
 * Discourse context: a sentence that speaks of "this", "these", "those" or "it" without naming what it
 * means ("You can disable this by setting ...") leans on the sentence before it, which says what that
 * is. Such a sentence is matched together with the one before it in the same paragraph.
 *
 * Whether a demonstrative stands alone or determines a noun is read from the word after it: a function
 * word or punctuation says at once; a content word ("switch this off", "this option") is told apart by
 * wink-nlp's part-of-speech tagger, loaded on first use and asked once per sentence.
 */
import { createRequire } from 'node:module';
import type WinkNLP from 'wink-nlp';
import type { Model } from 'wink-nlp';
import { STOP_WORDS, TEMPORAL_WORDS } from './text.js';

/** Tags each token of a text with its universal part of speech. */
type Tagger = (text: string) => { value: string; pos: string }[];

let tagger: Tagger | undefined;

function partsOfSpeech(text: string): { value: string; pos: string }[] {
  if (tagger === undefined) {
    const require = createRequire(import.meta.url);
    // wink-nlp and its model are CommonJS; required on first use, so a process that never asks
    // pays nothing for them.
    const winkNLP = require('wink-nlp') as typeof WinkNLP;
    const model = require('wink-eng-lite-web-model') as Model;
    const nlp = winkNLP(model, ['pos']);
    tagger = (input) => {
      const tokens = nlp.readDoc(input).tokens();
      const values = tokens.out(nlp.its.value);
      const tags = tokens.out(nlp.its.pos);
      return values.map((value, i) => ({ value, pos: tags[i] ?? '' }));
    };
  }
  return tagger(text);
}

/** What the tagger said of demonstratives before a content word, by sentence: texts repeat across requests. */
const standingAlone = new Map<string, boolean>();
const CACHE_LIMIT = 20_000;

/** True when the tagger reads a demonstrative of `sentence` as standing alone: no noun after it. */
function taggedAlone(sentence: string): boolean {
  const known = standingAlone.get(sentence);
  if (known !== undefined) return known;
  const tokens = partsOfSpeech(sentence);
  const alone = tokens.some(
    (token, i) =>
      /^(?:this|these|those)$/i.test(token.value) &&
      !/^(?:NOUN|PROPN|ADJ|NUM)$/.test(tokens[i + 1]?.pos ?? 'PUNCT'),
  );
  if (standingAlone.size >= CACHE_LIMIT) standingAlone.clear();
  standingAlone.set(sentence, alone);
  return alone;
}

// A pronoun that always stands for something said before it.
const PRONOUN = /^(?:it|this|these|those|that)$/i;

/**
 * What follows a demonstrative decides whether it stands alone ("disable this by", "this is") or
 * determines a noun ("this option", "this `flag`"): nothing, closing punctuation or a function word
 * after it leaves it standing alone.
 */
function standsAlone(word: string, rest: string, first: boolean, sentence: string): boolean {
  const lower = word.toLowerCase();
  if (lower === 'it') return true;
  const next = /^\s*([\p{L}\p{N}]+|\S)?/u.exec(rest)?.[1];
  if (next === undefined || /^[.,;:!?)\]]$/.test(next)) return true;
  if (!/^[\p{L}\p{N}]+$/u.test(next)) return false;
  const follower = next.toLowerCase();
  const functional = STOP_WORDS.has(follower) || TEMPORAL_WORDS.has(follower);
  // "that" also joins clauses ("says that the", "an option that makes"): only at a sentence's start is
  // it taken for a pronoun before a function word.
  if (lower === 'that') return first && functional;
  return functional || taggedAlone(sentence);
}

/** True when `sentence` refers back with a bare pronoun or demonstrative, not naming what it means. */
export function refersBack(sentence: string): boolean {
  const text = sentence.replace(/^([-*+]|\d+[.)])\s+/, '');
  // Code spans name things; their words are no pronouns.
  const prose = text.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
  for (const match of prose.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    if (!PRONOUN.test(word)) continue;
    const first = prose.slice(0, match.index).trim() === '';
    // What follows is read in the text itself: a code span after a demonstrative is what it determines.
    if (standsAlone(word, text.slice(match.index + word.length), first, text)) return true;
  }
  return false;
}

/** One sentence with the sentence it leans on, when it refers back to one in the same group. */
export interface InContext {
  sentence: string;
  antecedent?: string;
}

/** The sentences of groups (paragraphs, lines) with, for each that refers back, the one before it. */
export function withAntecedents(groups: readonly (readonly string[])[]): InContext[] {
  const out: InContext[] = [];
  for (const group of groups) {
    group.forEach((sentence, i) => {
      const before = i > 0 ? group[i - 1] : undefined;
      out.push(
        before !== undefined && refersBack(sentence) ? { sentence, antecedent: before } : { sentence },
      );
    });
  }
  return out;
}
