/**
 * The two-sided 95% critical value of Student's t distribution, for confidence intervals of small
 * samples (simple-statistics has no t quantile). For whole degrees of freedom the distribution's
 * two-sided probability has a closed form (Abramowitz and Stegun 26.7.3 and 26.7.4, in θ =
 * atan(t/√ν)); the quantile is found by bisection on it.
 */

/** P(|T| < t) for Student's t with `df` (a whole number, 1 or more) degrees of freedom. */
export function tTwoSidedProbability(t: number, df: number): number {
  const theta = Math.atan(Math.abs(t) / Math.sqrt(df));
  const sin = Math.sin(theta);
  const cos2 = Math.cos(theta) ** 2;
  if (df % 2 === 1) {
    // Odd ν: (2/π)(θ + sinθ cosθ (1 + (2/3)cos²θ + (2·4)/(3·5)cos⁴θ + ... up to cos^(ν−3)θ)).
    if (df === 1) return (2 / Math.PI) * theta;
    let term = 1;
    let series = 1;
    for (let k = 1; k <= (df - 3) / 2; k++) {
      term *= ((2 * k) / (2 * k + 1)) * cos2;
      series += term;
    }
    return (2 / Math.PI) * (theta + sin * Math.cos(theta) * series);
  }
  // Even ν: sinθ (1 + (1/2)cos²θ + (1·3)/(2·4)cos⁴θ + ... up to cos^(ν−2)θ).
  let term = 1;
  let series = 1;
  for (let k = 1; k <= (df - 2) / 2; k++) {
    term *= ((2 * k - 1) / (2 * k)) * cos2;
    series += term;
  }
  return sin * series;
}

/** The t with P(|T| < t) = 0.95 for `df` degrees of freedom: 12.706 at 1, 4.303 at 2, 1.96 in the limit. */
export function tCritical95(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom ${df}: give 1 or more`);
  let low = 0;
  let high = 64; // P(|T| < 64) > 0.99 already at one degree of freedom
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2;
    if (tTwoSidedProbability(mid, df) < 0.95) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
