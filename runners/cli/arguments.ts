/**
 * The command line's values as its options take them: whole numbers in decimal digits, folders that
 * are not empty, and `--cache` or `--no-cache`. A value refused is bad input, named as typed.
 */
import { UsageError } from '../errors.js';

/**
 * Reads a whole number written in decimal, as the option `--name` takes it: yargs' own numbers also
 * take hexadecimal (`--port 0x50` served on port 80), exponents and fractions, which are refused here
 * with the text typed.
 */
export function decimal(name: string): (raw: unknown) => number {
  return (raw) => {
    const text = String(Array.isArray(raw) ? raw.at(-1) : raw).trim();
    if (!/^\d+$/.test(text))
      throw new UsageError(`--${name} ${JSON.stringify(text)}: give a whole number in decimal digits`);
    return Number(text);
  };
}

/**
 * Reads a number written in decimal, whole or with a fraction (`--timeout 2.5`), as `--name` takes it:
 * `4k`, hexadecimal and exponents are refused with the text typed, rather than read as NaN.
 */
export function decimalNumber(name: string): (raw: unknown) => number {
  return (raw) => {
    const text = String(Array.isArray(raw) ? raw.at(-1) : raw).trim();
    if (!/^\d+(\.\d+)?$/.test(text))
      throw new UsageError(
        `--${name} ${JSON.stringify(text)}: give a number in decimal digits (such as 600 or 2.5)`,
      );
    return Number(text);
  };
}

/** A folder's path as `--name` takes it: an empty one would mean the current folder, and is refused. */
export function folderPath(name: string): (raw: unknown) => string {
  return (raw) => {
    const text = String(Array.isArray(raw) ? raw.at(-1) : raw);
    if (text.trim() === '') throw new UsageError(`--${name} '': name a folder`);
    return text;
  };
}

/** `decimal` for an option given any number of times. */
export function decimals(name: string): (raw: unknown) => number[] {
  const one = decimal(name);
  return (raw) => (Array.isArray(raw) ? raw : [raw]).map((value) => one(value));
}

/** `--cache DIR` as given, `--no-cache` as false, neither as undefined. */
export function cacheArg(value: unknown): string | false | undefined {
  if (value === false) return false;
  return typeof value === 'string' ? value : undefined;
}
