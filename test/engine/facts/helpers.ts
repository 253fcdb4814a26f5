/** Builders for the fact tests: a store with counting ids and short ways to assert. */
import type { FactSource, FactSourceKind } from '../../../engine/facts/fact.js';
import { loadKinds } from '../../../engine/facts/kinds.js';
import { FactStore, type FactAssertion } from '../../../engine/facts/fact-store.js';

/** A store over the shipped kinds whose ids count `f1`, `f2`, ... */
export function newStore(): FactStore {
  let n = 0;
  return new FactStore({ kinds: loadKinds(), nextId: () => `f${++n}` });
}

const SOURCES: Record<FactSourceKind, FactSource> = {
  person: { kind: 'person', method: 'stated' },
  caller: { kind: 'caller', method: 'stated' },
  tool: { kind: 'tool', method: 'extracted', detail: 'run_command' },
  model: { kind: 'model', method: 'distilled', detail: 'the person said' },
};

/** An assertion from `by` about `subject name`, recorded at `at` (also its turn). */
export function said(
  by: FactSourceKind,
  subject: string,
  name: string,
  value: string,
  at: number,
  extra: Partial<FactAssertion> = {},
): FactAssertion {
  return { subject, name, value, source: SOURCES[by], turn: at, recordedAt: at * 1000, ...extra };
}
