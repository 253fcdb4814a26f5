/**
 * How deeply a scenario or checkpoint file's data may nest. The files are data, and any deeper than a
 * few levels is a mistake or an attack: 200,000 nested lists in a tool call's arguments passed the
 * schema (its arguments are free-form) and then overflowed the stack when the run copied and
 * measured them. The walk here uses a list of its own, never the call stack, so it cannot overflow.
 */

/** The deepest nesting of lists and objects a file's data may have, its top level counted as 1. */
export const MAX_DATA_DEPTH = 64;

/**
 * The path to the first list or object nested past `limit` levels in `value`, or null when none is:
 * each segment a key or an index, as the scenario errors name places.
 */
export function nestedTooDeep(value: unknown, limit = MAX_DATA_DEPTH): PropertyKey[] | null {
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.path.length >= limit) return next.path;
    const entries: [PropertyKey, unknown][] = Array.isArray(next.value)
      ? next.value.map((item, index): [PropertyKey, unknown] => [index, item])
      : Object.entries(next.value);
    // Pushed in reverse, so the first entry is looked at first and the path named is the first in order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [PropertyKey, unknown];
      pending.push({ value: item, path: [...next.path, key] });
    }
  }
  return null;
}
