/**
 * Subject kinds as data: each kind says how long its facts live, how their names are normalised,
 * what the distiller is told about it, and whether the distiller may use it. The shipped kinds are
 * in kinds.json; settings may add kinds or change fields of shipped ones.
 */
import { KindsError } from '../errors.js';
import shipped from './kinds.json' with { type: 'json' };
import { NORMALISERS, type FactNameNormaliser } from './normalise.js';

/** How long a fact lives: for good, for the conversation, or for the session. */
export type TemporalClass = 'permanent' | 'dynamic' | 'ephemeral';

/** One subject kind. */
export interface SubjectKind {
  temporalClass: TemporalClass;
  /** A key of NORMALISERS. */
  normaliser: string;
  /** What the distiller is shown about this kind. */
  description: string;
  /** Whether the distiller is offered this kind (false: left to the tools' extraction). */
  distil: boolean;
}

/** The kinds in force, by subject. */
export type KindTable = ReadonlyMap<string, Readonly<SubjectKind>>;

/** Settings' changes to the kinds: a new subject needs every field, a shipped one any of them. */
export type KindOverrides = Readonly<Record<string, Partial<SubjectKind>>>;

const TEMPORAL_CLASSES: readonly string[] = ['permanent', 'dynamic', 'ephemeral'];
const FIELDS: readonly string[] = ['temporalClass', 'normaliser', 'description', 'distil'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// One hand-written check serves both the shipped JSON and the settings' overrides, so the engine
// stays free of the boundary schema library. `where` names the setting in the error.
function checkFields(raw: unknown, where: string, complete: boolean): Partial<SubjectKind> {
  if (!isRecord(raw)) throw new KindsError(`${where}: expected an object`);
  const kind: Partial<SubjectKind> = {};
  for (const [field, value] of Object.entries(raw)) {
    if (!FIELDS.includes(field)) throw new KindsError(`${where}.${field}: not a field of a subject kind`);
    if (field === 'temporalClass') {
      // includes compares by identity, so a value of any type may be looked up.
      if (!TEMPORAL_CLASSES.includes(value as string)) {
        throw new KindsError(`${where}.temporalClass: expected one of ${TEMPORAL_CLASSES.join(', ')}`);
      }
      kind.temporalClass = value as TemporalClass;
    } else if (field === 'normaliser') {
      if (!NORMALISERS.has(value as string)) {
        throw new KindsError(`${where}.normaliser: expected one of ${[...NORMALISERS.keys()].join(', ')}`);
      }
      kind.normaliser = value as string;
    } else if (field === 'description') {
      if (typeof value !== 'string' || value.trim() === '') {
        throw new KindsError(`${where}.description: expected a non-empty string`);
      }
      kind.description = value;
    } else {
      if (typeof value !== 'boolean') throw new KindsError(`${where}.distil: expected true or false`);
      kind.distil = value;
    }
  }
  if (complete) {
    const missing = FIELDS.filter((field) => !(field in kind));
    if (missing.length > 0) throw new KindsError(`${where}: a new kind needs ${missing.join(', ')}`);
  }
  return kind;
}

/** The shipped kinds with `overrides` merged in; throws a KindsError naming a bad field. */
export function loadKinds(overrides: KindOverrides = {}): KindTable {
  const table = new Map<string, Readonly<SubjectKind>>();
  // kinds.json's shape is checked when the engine is type-checked; each kind's fields here.
  for (const [subject, raw] of Object.entries(shipped.kinds)) {
    // Complete: checkFields refuses a kind that lacks a field.
    const kind = checkFields(raw, `kinds.json ${subject}`, true) as SubjectKind;
    table.set(subject, Object.freeze(kind));
  }
  for (const [subject, raw] of Object.entries(overrides)) {
    if (!/^[a-z][a-z0-9_-]*$/.test(subject)) {
      throw new KindsError(`facts.kinds.${subject}: a subject is lower-case letters, digits, - or _`);
    }
    const base = table.get(subject);
    const change = checkFields(raw, `facts.kinds.${subject}`, base === undefined);
    // Complete: a new kind has every field, a change is merged into a shipped kind.
    const kind = { ...base, ...change } as SubjectKind;
    table.set(subject, Object.freeze(kind));
  }
  return table;
}

/** The normaliser `kind` names (identity if the name is somehow unknown: loadKinds refuses that). */
export function normaliserOf(kind: Readonly<SubjectKind>): FactNameNormaliser {
  return NORMALISERS.get(kind.normaliser) ?? { normalise: (name) => name };
}

/** The kinds the distiller may be offered, with their descriptions. */
export function distillableKinds(kinds: KindTable): { subject: string; description: string }[] {
  return [...kinds]
    .filter(([, kind]) => kind.distil)
    .map(([subject, kind]) => ({ subject, description: kind.description }));
}
