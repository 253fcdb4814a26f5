/**
 * One sample's statistics in one flat shape: how many values, their mean, sample standard deviation,
 * range and 95% confidence interval of the mean.
 */
import { max, mean, min, sampleStandardDeviation } from 'simple-statistics';
import { tCritical95 } from './t-quantile.js';

/**
 * The statistics of a sample. `sd` is the sample standard deviation (divided by n − 1); `ciLow` and
 * `ciHigh` bound the 95% confidence interval of the mean, mean ± t(0.975, n − 1) · sd / √n. With no
 * values every figure is null; with one, `sd` and the interval are null: one run gives no spread.
 */
export interface SampleStatistics {
  n: number;
  mean: number | null;
  sd: number | null;
  min: number | null;
  max: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

/** The statistics of `values` (in any order). */
export function sampleStatistics(values: readonly number[]): SampleStatistics {
  const n = values.length;
  if (n === 0) return { n, mean: null, sd: null, min: null, max: null, ciLow: null, ciHigh: null };
  const m = mean([...values]);
  const range = { min: min([...values]), max: max([...values]) };
  if (n === 1) return { n, mean: m, sd: null, ...range, ciLow: null, ciHigh: null };
  const sd = sampleStandardDeviation([...values]);
  const half = (tCritical95(n - 1) * sd) / Math.sqrt(n);
  return { n, mean: m, sd, ...range, ciLow: m - half, ciHigh: m + half };
}
