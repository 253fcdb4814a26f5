/** Amounts in euro cents as the ticket office prints them. */

/** `1390` as `€13.90`; a refund (a negative amount) as `-€2.50`. */
export function formatEuros(cents) {
  if (!Number.isInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}€${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** A quote's lines as the receipt shows them: each label padded to line up the amounts. */
export function receiptLines(lines) {
  const width = Math.max(0, ...lines.map((line) => line.label.length));
  return lines.map((line) => `${line.label.padEnd(width)}  ${formatEuros(line.cents)}`);
}
