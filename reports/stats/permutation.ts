/**
 * The paired permutation (sign-flip) test: under the hypothesis that two conditions do not differ,
 * each paired difference is as likely to have either sign. The two-sided p-value is the share of sign
 * assignments whose mean difference is at least as far from zero as the one observed. Up to
 * EXACT_PAIRS pairs every assignment is counted; beyond, a fixed number drawn with a fixed seed, so
 * the same differences always give the same p-value.
 */

/** Pairs up to which all 2^n sign assignments are counted. */
export const EXACT_PAIRS = 16;
/** Sign assignments drawn beyond EXACT_PAIRS pairs. */
export const RESAMPLES = 20_000;
/** The seed of the draws. */
export const SEED = 0x5eed;

export interface PermutationResult {
  /** The two-sided p-value; null with no pairs. */
  p: number | null;
  method: 'exact' | 'monte-carlo' | null;
}

/** mulberry32: a small seeded generator of 32-bit words, each giving 32 random signs. */
function seededWords(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The two-sided p-value of the sign-flip test on paired differences. */
export function pairedPermutationTest(differences: readonly number[]): PermutationResult {
  const n = differences.length;
  if (n === 0) return { p: null, method: null };
  const method = n <= EXACT_PAIRS ? 'exact' : 'monte-carlo';
  if (differences.every((d) => d === 0)) return { p: 1, method };
  const observed = Math.abs(differences.reduce((a, b) => a + b, 0));
  // Sums that differ from the observed one by rounding alone count as equal to it.
  const tolerance =
    1e-9 *
    Math.max(
      1,
      differences.reduce((a, b) => a + Math.abs(b), 0),
    );
  const atLeast = (total: number) => Math.abs(total) >= observed - tolerance;
  let extreme = 0;
  if (method === 'exact') {
    // Every assignment once, in Gray-code order: each step flips the sign of one difference.
    const signs = differences.map(() => 1);
    let total = differences.reduce((a, b) => a + b, 0);
    if (atLeast(total)) extreme++;
    const assignments = 2 ** n;
    for (let step = 1; step < assignments; step++) {
      const i = 31 - Math.clz32(step & -step);
      const sign = signs[i] ?? 1;
      total -= 2 * sign * (differences[i] ?? 0);
      signs[i] = -sign;
      if (atLeast(total)) extreme++;
    }
    return { p: extreme / assignments, method };
  }
  const nextWord = seededWords(SEED);
  for (let draw = 0; draw < RESAMPLES; draw++) {
    let total = 0;
    let word = 0;
    for (let i = 0; i < n; i++) {
      if (i % 32 === 0) word = nextWord();
      const d = differences[i] ?? 0;
      total += word & (1 << (i % 32)) ? -d : d;
    }
    if (atLeast(total)) extreme++;
  }
  // The observed assignment is one of those possible: counting it keeps p above zero.
  return { p: (extreme + 1) / (RESAMPLES + 1), method };
}
