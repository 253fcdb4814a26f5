/**
 * A cell's mean over its runs with a 95% confidence interval (Student's t), for the overview table.
 * Kept here, small, so the report stands on its own; the reader model's runs repeat exactly, so their
 * interval is 0.
 */

/** Two-sided 95% quantiles of Student's t for 1 to 30 degrees of freedom; 1.96 beyond. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export interface MeanInterval {
  n: number;
  mean: number;
  /** Half the width of the 95% interval; null for a single run. */
  halfWidth: number | null;
}

/** The mean of `values` and its 95% interval. */
export function meanInterval(values: readonly number[]): MeanInterval {
  const count = values.length;
  if (count === 0) return { n: 0, mean: NaN, halfWidth: null };
  const mean = values.reduce((a, b) => a + b, 0) / count;
  if (count === 1) return { n: 1, mean, halfWidth: null };
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (count - 1);
  const t = T95[count - 2] ?? 1.96;
  return { n: count, mean, halfWidth: (t * Math.sqrt(variance)) / Math.sqrt(count) };
}

/** `mean ± half` to `digits` decimals, or the mean alone for one run. */
export function formatInterval(value: MeanInterval, digits = 1): string {
  if (value.n === 0) return '-';
  const mean = value.mean.toFixed(value.n === 1 && Number.isInteger(value.mean) ? 0 : digits);
  return value.halfWidth === null ? mean : `${mean} ± ${value.halfWidth.toFixed(digits)}`;
}
