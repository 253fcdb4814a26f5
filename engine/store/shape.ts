/**
 * Checking the shape of decoded JSON by hand, for the files the engine reads back (a saved
 * transcript and its sidecar). The engine takes no runtime package, so this is the small kit it
 * needs: each check returns the first problem it finds, named by its path, or null.
 */

/** A check of one value at `path`: the problem, or null when the value has the shape. */
export type Shape = (value: unknown, path: string) => string | null;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string. */
export const text: Shape = (v, p) => (typeof v === 'string' ? null : `${p} is not a string`);

/** A finite number. */
export const numeric: Shape = (v, p) =>
  typeof v === 'number' && Number.isFinite(v) ? null : `${p} is not a number`;

/** A whole number of 0 or more. */
export const count: Shape = (v, p) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? null : `${p} is not a whole number`;

/** true or false. */
export const flag: Shape = (v, p) => (typeof v === 'boolean' ? null : `${p} is not true or false`);

/** Any JSON value at all (arguments of a tool call, a guided answer). */
export const anything: Shape = () => null;

/** One of the given literal values. */
export function oneOf(...values: readonly unknown[]): Shape {
  return (v, p) => (values.includes(v) ? null : `${p} is not one of ${values.map(String).join(', ')}`);
}

/** The shape, or absent. */
export function optional(shape: Shape): Shape {
  return (v, p) => (v === undefined ? null : shape(v, p));
}

/** The shape, or null. */
export function nullable(shape: Shape): Shape {
  return (v, p) => (v === null ? null : shape(v, p));
}

/** A list whose every item has the shape. */
export function listOf(shape: Shape): Shape {
  return (v, p) => {
    if (!Array.isArray(v)) return `${p} is not a list`;
    for (let i = 0; i < v.length; i++) {
      const problem = shape(v[i], `${p}[${i}]`);
      if (problem !== null) return problem;
    }
    return null;
  };
}

/** An object with these fields (others are allowed and ignored). */
export function objectOf(fields: Readonly<Record<string, Shape>>): Shape {
  return (v, p) => {
    if (!isObject(v)) return `${p} is not an object`;
    for (const [key, shape] of Object.entries(fields)) {
      const problem = shape(v[key], `${p}.${key}`);
      if (problem !== null) return problem;
    }
    return null;
  };
}

/** An object whose values all have the shape. */
export function mapOf(shape: Shape): Shape {
  return (v, p) => {
    if (!isObject(v)) return `${p} is not an object`;
    for (const [key, value] of Object.entries(v)) {
      const problem = shape(value, `${p}.${key}`);
      if (problem !== null) return problem;
    }
    return null;
  };
}
