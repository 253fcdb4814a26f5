import { describe, expect, it } from 'vitest';
import { EXACT_PAIRS, pairedPermutationTest, RESAMPLES } from '../../../reports/stats/permutation.js';

/** Every sign assignment counted, however many pairs: the reference the draws are checked against. */
function bruteForce(differences: number[]): number {
  const observed = Math.abs(differences.reduce((a, b) => a + b, 0));
  let extreme = 0;
  for (let mask = 0; mask < 2 ** differences.length; mask++) {
    const total = differences.reduce((a, d, i) => a + (mask & (1 << i) ? -d : d), 0);
    if (Math.abs(total) >= observed - 1e-9) extreme++;
  }
  return extreme / 2 ** differences.length;
}

describe('the paired permutation test', () => {
  it('counts every sign assignment for a few pairs, worked by hand', () => {
    // 1, 2, 3: sums of ±1 ±2 ±3 are ±6, ±4, ±2, ±0 (twice); |sum| ≥ 6 for 2 of the 8: p = 0.25.
    expect(pairedPermutationTest([1, 2, 3])).toEqual({ p: 0.25, method: 'exact' });
    // 2, −1, 3, 1: flipping a set of total x from 2+1+3+1 = 7 gives |7 − 2x|, observed 5 (x = 1);
    // x ≤ 1 for {}, {1}, {1'} and x ≥ 6 for their complements: 6 of 16, p = 0.375.
    expect(pairedPermutationTest([2, -1, 3, 1])).toEqual({ p: 0.375, method: 'exact' });
    // A difference of zero takes either sign alike: 1, 2, 0 gives |sum| 3 in 4 of 8.
    expect(pairedPermutationTest([1, 2, 0]).p).toBe(0.5);
  });

  it('gives 1 when nothing differs and no p-value with no pairs', () => {
    expect(pairedPermutationTest([0, 0, 0]).p).toBe(1);
    expect(pairedPermutationTest([1, -1]).p).toBe(1);
    expect(pairedPermutationTest([])).toEqual({ p: null, method: null });
  });

  it('treats differences equal but for rounding as equal', () => {
    // 0.1, 0.2, −0.1: observed 0.2; |±0.1 ±0.2 ±0.1| is 0.4, 0.2, 0.2, 0 and their mirror images, so
    // 6 of 8 reach 0.2, although in floating point 0.1 + 0.2 − 0.1 is 0.20000000000000004.
    expect(pairedPermutationTest([0.1, 0.2, -0.1]).p).toBe(0.75);
  });

  it('draws with a fixed seed beyond the exact limit: the same p every time, near the exact one', () => {
    const differences = Array.from(
      { length: EXACT_PAIRS + 1 },
      (_, i) => (i % 3 === 0 ? -1 : 1) * (1 + (i % 4)),
    );
    const first = pairedPermutationTest(differences);
    expect(first.method).toBe('monte-carlo');
    expect(pairedPermutationTest(differences)).toEqual(first);
    expect(first.p ?? 0).toBeCloseTo(bruteForce(differences), 2);
  });

  it('never gives zero from draws: the observed assignment counts', () => {
    const p = pairedPermutationTest(Array.from({ length: 30 }, () => 1)).p;
    expect(p).toBe(1 / (RESAMPLES + 1));
  });
});
