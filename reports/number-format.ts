/** Numbers as the reports print them: fixed decimals for people, rounded full values for CSV. */

/** A value for a CSV cell: rounded to `digits` decimals (floating-point noise off), empty for none. */
export function csvNumber(value: number | null, digits = 4): string {
  if (value === null) return '';
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** A value for a table: `digits` decimals, `-` for none. */
export function fixed(value: number | null, digits = 2): string {
  if (value === null) return '-';
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** A difference with its sign: `+1.00`, `-0.50`, `0.00`. */
export function signed(value: number | null, digits = 2): string {
  if (value === null) return '-';
  const text = fixed(value, digits);
  return Number(text) > 0 ? `+${text}` : text;
}

/** A p-value: three decimals, `<0.001` below. */
export function pValue(p: number | null): string {
  if (p === null) return '-';
  return p < 0.001 ? '<0.001' : p.toFixed(3);
}
