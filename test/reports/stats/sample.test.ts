import { describe, expect, it } from 'vitest';
import { sampleStatistics } from '../../../reports/stats/sample.js';

describe('the statistics of a sample', () => {
  it('are worked by hand for 1, 2, 3', () => {
    // mean 2; squared deviations 1 + 0 + 1 = 2, over n − 1 = 2: variance 1, sd 1;
    // interval 2 ± t(0.975, 2) · 1/√3 = 2 ± 4.302653 · 0.577350 = 2 ± 2.484138.
    const s = sampleStatistics([3, 1, 2]);
    expect(s.n).toBe(3);
    expect(s.mean).toBe(2);
    expect(s.sd).toBe(1);
    expect(s.min).toBe(1);
    expect(s.max).toBe(3);
    expect(s.ciLow).toBeCloseTo(-0.484138, 5);
    expect(s.ciHigh).toBeCloseTo(4.484138, 5);
  });

  it('are worked by hand for 2, 4, 4, 4, 5, 5, 7, 9', () => {
    // mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32, over 7: sd √(32/7) = 2.138090;
    // interval 5 ± 2.364624 · 2.138090 / √8 = 5 ± 1.787530.
    const s = sampleStatistics([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.mean).toBe(5);
    expect(s.sd).toBeCloseTo(2.13809, 5);
    expect(s.ciLow).toBeCloseTo(3.21247, 4);
    expect(s.ciHigh).toBeCloseTo(6.78753, 4);
  });

  it('give no spread and no interval for one run, rather than inventing one', () => {
    expect(sampleStatistics([4])).toEqual({
      n: 1,
      mean: 4,
      sd: null,
      min: 4,
      max: 4,
      ciLow: null,
      ciHigh: null,
    });
  });

  it('give an interval of no width when every run agrees', () => {
    expect(sampleStatistics([3, 3, 3])).toEqual({
      n: 3,
      mean: 3,
      sd: 0,
      min: 3,
      max: 3,
      ciLow: 3,
      ciHigh: 3,
    });
  });

  it('are all null for no values', () => {
    expect(sampleStatistics([])).toEqual({
      n: 0,
      mean: null,
      sd: null,
      min: null,
      max: null,
      ciLow: null,
      ciHigh: null,
    });
  });
});
