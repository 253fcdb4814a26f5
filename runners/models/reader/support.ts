/**
 * How much of a question a sentence says: each key word weighted by how rare it is in view, and the
 * one threshold of support below which the reader abstains.
 */
import type { Candidate } from './match.js';
import { meetWeight, nextToEachOther, saysTogether } from './match.js';

/** A candidate with the words it says itself, apart from those of the sentence it refers back to. */
export type Weighed = Candidate & { ownStems: ReadonlySet<string>; ownAlike?: ReadonlySet<string> };

/**
 * How telling each key word is among the visible sentences: rare words weigh more (inverse document
 * frequency), and a word nothing visible contains weighs most. A sentence that meets only the common
 * words of a question ("the next release") answers a different one.
 */
export function keyWeights(key: readonly string[], pool: readonly Candidate[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const stem of key) {
    const df = pool.reduce((n, c) => n + (c.stems.has(stem) ? 1 : 0), 0);
    weights.set(stem, Math.log((pool.length + 1) / (df + 0.5)));
  }
  return weights;
}

/**
 * The least support an answer needs: the share of the question's key words, each weighted by how rare
 * it is in view (a word nothing in view says weighs most), that the chosen sentence says. Calibrated
 * once, on the built-in and development scenarios at 32,768 tokens: of their answers with less
 * support, three in four were about something else; every answer above it stayed.
 */
export const LEAST_SUPPORT = 0.45;

/**
 * The share of `key`'s weight that `candidate` says, each word as far as it is met (by the word, a
 * synonym or a value of its kind), and half as far when only the sentence before says it.
 */
export function support(
  key: readonly string[],
  candidate: Weighed,
  weights: ReadonlyMap<string, number>,
): number {
  let total = 0;
  let said = 0;
  const own = { text: candidate.text, stems: candidate.ownStems, alike: candidate.ownAlike };
  for (const stem of key) {
    const weight = Math.max(0.1, weights.get(stem) ?? 0);
    total += weight;
    said += weight * Math.max(meetWeight(stem, own), meetWeight(stem, candidate) / 2);
  }
  return total === 0 ? 0 : said / total;
}

/** How much a key word met only through a word of like meaning counts, against the word itself. */
const ALIKE_SHARE = 0.75;

/**
 * The weight of the key words a sentence says: rare words count more than common ones, and a word it
 * only has from the sentence it refers back to counts half, so a sentence that says the words itself
 * comes first.
 */
export function weightedCoverage(
  key: readonly string[],
  candidate: Weighed,
  weights: ReadonlyMap<string, number>,
): number {
  let score = 0;
  for (const stem of key) {
    const weight = Math.max(0.1, weights.get(stem) ?? 0);
    const met = candidate.stems.has(stem) ? 1 : candidate.alike?.has(stem) ? ALIKE_SHARE : 0;
    if (met === 0) continue;
    const own = candidate.ownStems.has(stem) || candidate.ownAlike?.has(stem) === true;
    score += (own ? weight : weight / 2) * met;
  }
  return score;
}

/** How much a pair of the question's words said together adds, against the lighter word's weight. */
const PAIR_SHARE = 0.5;

/**
 * What a sentence gains by saying pairs of the question's words as the question does, next to each
 * other ("the kiln shelf" against "shelves … in the kiln"): half the lighter word's
 * weight for each such pair. It orders sentences that say the same words.
 * The name of the file a sentence is in (`name`, its words' stems in order) is said with each of its
 * sentences: a pair it says together ("kiln-shelf.txt") counts as said together.
 */
export function pairBonus(
  pairs: readonly (readonly [string, string])[],
  candidate: Candidate,
  weights: ReadonlyMap<string, number>,
  name: Iterable<string> = [],
): number {
  const named = [...name];
  let bonus = 0;
  for (const [a, b] of pairs) {
    if (!saysTogether(candidate, a, b) && !nextToEachOther(named, a, b)) continue;
    bonus += PAIR_SHARE * Math.max(0.1, Math.min(weights.get(a) ?? 0, weights.get(b) ?? 0));
  }
  return bonus;
}
