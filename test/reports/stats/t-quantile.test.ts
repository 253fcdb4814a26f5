import { describe, expect, it } from 'vitest';
import { tCritical95, tTwoSidedProbability } from '../../../reports/stats/t-quantile.js';

describe("Student's t critical values", () => {
  it('match the printed table of two-sided 95% values', () => {
    // Any statistics text's t table, column 0.975 (two-sided 0.05).
    const table: [number, number][] = [
      [1, 12.706],
      [2, 4.303],
      [3, 3.182],
      [4, 2.776],
      [5, 2.571],
      [10, 2.228],
      [30, 2.042],
      [120, 1.98],
    ];
    for (const [df, t] of table) expect(tCritical95(df)).toBeCloseTo(t, 3);
  });

  it('tend to the normal 1.96 with many degrees of freedom', () => {
    expect(tCritical95(100_000)).toBeCloseTo(1.96, 2);
  });

  it('come from the closed form of the distribution: P(|T| < 1) is 1/2 with one degree of freedom', () => {
    // With ν = 1, T is Cauchy: P(|T| < 1) = (2/π)·atan(1) = 1/2.
    expect(tTwoSidedProbability(1, 1)).toBeCloseTo(0.5, 12);
    // With ν = 2, P(|T| < t) = t / √(2 + t²): at t = √2, 1/√2.
    expect(tTwoSidedProbability(Math.SQRT2, 2)).toBeCloseTo(Math.SQRT1_2, 12);
    expect(tTwoSidedProbability(0, 7)).toBe(0);
  });

  it('refuse degrees of freedom below one', () => {
    expect(() => tCritical95(0)).toThrow(RangeError);
    expect(() => tCritical95(2.5)).toThrow(RangeError);
  });
});
