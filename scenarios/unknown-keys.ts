/**
 * Keys that a data file gives and its format does not have, such as `expcet:` for `expect:`. A
 * schema's first message about such a file is about the key that was meant, reported missing; this
 * walks the parsed value beside its zod schema, through every level of objects the format has, and
 * finds the first key (in the file's order) that no object at its place may have, with the nearest
 * key that it may. Scenario files and checkpoint specs are both checked with it, before their
 * schemas. Pure.
 */
import type { z } from 'zod';
import { nearestName } from './nearest-name.js';

/** A key that no object at its place may have. */
export interface UnknownKey {
  /** The keys and list indexes from the root to the object that holds the key. */
  readonly path: readonly (string | number)[];
  readonly key: string;
  /** The key that was most likely meant, when one is near enough. */
  readonly nearest: string | undefined;
  /** The keys that the object may have, in the form (or forms) it comes nearest to. */
  readonly known: readonly string[];
}

/** What the walk reads of a zod schema's definition. */
interface Def {
  readonly type: string;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly catchall?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly element?: z.ZodType;
  readonly valueType?: z.ZodType;
}

/** An object form: its keys, and whether a key outside them is refused. */
interface ObjectForm {
  readonly shape: Readonly<Record<string, z.ZodType>>;
  readonly strict: boolean;
}

function defOf(schema: z.ZodType): Def {
  return schema._zod.def as unknown as Def;
}

/** The schema under its wrappers: optional, default, nullable, a pipe's input. */
function bare(schema: z.ZodType): Def {
  let def = defOf(schema);
  for (;;) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (inner === undefined) return def;
    def = defOf(inner);
  }
}

/** The object forms a schema allows: its own for an object, its options' for a union. */
function objectForms(schema: z.ZodType): ObjectForm[] {
  const def = bare(schema);
  if (def.type === 'object' && def.shape !== undefined) {
    const catchall = def.catchall === undefined ? undefined : defOf(def.catchall).type;
    return [{ shape: def.shape, strict: catchall === 'never' }];
  }
  if (def.type === 'union') return (def.options ?? []).flatMap(objectForms);
  return [];
}

/** The first key of `value` (depth first, in the file's order) that `schema` has no place for. */
export function firstUnknownKey(
  schema: z.ZodType,
  value: unknown,
  path: readonly (string | number)[] = [],
): UnknownKey | undefined {
  const def = bare(schema);
  if (Array.isArray(value)) {
    if (def.type !== 'array' || def.element === undefined) return undefined;
    const element = def.element;
    return firstOf(value.map((item, index) => () => firstUnknownKey(element, item, [...path, index])));
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  if (def.type === 'record' && def.valueType !== undefined) {
    const valueType = def.valueType;
    return firstOf(
      entries.map(
        ([key, item]) =>
          () =>
            firstUnknownKey(valueType, item, [...path, key]),
      ),
    );
  }
  const forms = objectForms(schema);
  if (forms.length === 0) return undefined;
  // The forms the object comes nearest to: those that have the most of its keys.
  const fit = (form: ObjectForm): number => entries.filter(([key]) => key in form.shape).length;
  const most = Math.max(...forms.map(fit));
  const nearestForms = forms.filter((form) => fit(form) === most);
  const known = [...new Set(nearestForms.flatMap((form) => Object.keys(form.shape)))];
  const every = [...new Set(forms.flatMap((form) => Object.keys(form.shape)))];
  for (const [key, item] of entries) {
    const form = nearestForms.find((f) => key in f.shape) ?? forms.find((f) => key in f.shape);
    if (form === undefined) {
      if (forms.every((f) => f.strict))
        return { path, key, nearest: nearestName(key, known) ?? nearestName(key, every), known };
      continue;
    }
    const inner = form.shape[key];
    const found = inner === undefined ? undefined : firstUnknownKey(inner, item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

function firstOf(checks: readonly (() => UnknownKey | undefined)[]): UnknownKey | undefined {
  for (const check of checks) {
    const found = check();
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * `unknown key 'expcet' (did you mean 'expect'?)`, or with no near key, the keys there are: `holder`
 * names what may have them (`an ask step`).
 */
export function describeUnknownKey(found: UnknownKey, holder?: string): string {
  const unknown = `unknown key '${found.key}'`;
  if (found.nearest !== undefined) return `${unknown} (did you mean '${found.nearest}'?)`;
  const keys = found.known.join(', ');
  return holder === undefined
    ? `${unknown} (the keys here are ${keys})`
    : `${unknown} (${holder} has ${keys})`;
}
