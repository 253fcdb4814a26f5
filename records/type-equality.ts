/**
 * Type-level checks that a saved format's schema and the engine's type it stands for have not drifted
 * apart: `npm run typecheck` fails as soon as either side gains, loses or changes a field.
 */

/**
 * True when A and B are the same type, optional and nullable fields alike. Assignability both ways is
 * not enough (an optional field on one side only passes it); this compares the types themselves.
 */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** T with no readonly fields, for comparing a schema's type with an engine type that marks some. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };
