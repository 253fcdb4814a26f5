/**
 * The facts layer's state as a saved conversation keeps it in the store's sidecar: every fact with
 * its versions and states, the running summary's versions, and the dropped turns still waiting for
 * the next summary batch. Checked by shape before a resumed conversation uses it.
 */
import type { TurnText } from './facts-prompts.js';
import {
  count,
  listOf,
  nullable,
  numeric,
  objectOf,
  oneOf,
  optional,
  text,
  type Shape,
} from '../store/shape.js';
import type { Fact } from './fact.js';

/** One version of the running summary. */
export interface SummaryVersion {
  version: number;
  text: string;
  /** Turns it covers, oldest first. */
  turns: number[];
  /** The store entries this version added (their sources lead to the audit events). */
  added: number[];
  /** The audit events that recorded the entries it added. */
  events: string[];
  /** The highest store entry it covers, in this version or an earlier one (0 for none). */
  highestEntry: number;
  /** The turn whose condensation wrote it, and when. */
  writtenIn: number;
  writtenAt: number;
  /** The model that wrote it. */
  model: string;
}

/** What a saved conversation keeps of its facts layer. */
export interface FactsState {
  facts: Fact[];
  summaries: SummaryVersion[];
  waiting: TurnText[];
  /** The number of the last fact id given out (`fact-N`). */
  lastFactId: number;
}

const fact = objectOf({
  id: text,
  identity: objectOf({ scope: oneOf('permanent', 'thread', 'session'), subject: text, name: text }),
  source: objectOf({
    kind: oneOf('person', 'caller', 'tool', 'model'),
    method: oneOf('stated', 'extracted', 'distilled', 'noted', 'inferred'),
    detail: optional(text),
  }),
  version: count,
  value: text,
  temporalClass: oneOf('permanent', 'dynamic', 'ephemeral'),
  entries: listOf(count),
  events: listOf(text),
  recordedAt: numeric,
  turn: count,
  turns: optional(objectOf({ first: count, last: count })),
  supersededBy: nullable(text),
  state: oneOf('current', 'superseded', 'deleted'),
});

const summary = objectOf({
  version: count,
  text: text,
  turns: listOf(count),
  added: listOf(count),
  events: listOf(text),
  highestEntry: count,
  writtenIn: count,
  writtenAt: numeric,
  model: text,
});

const waiting = objectOf({
  turn: count,
  entries: listOf(count),
  events: optional(listOf(text)),
  lines: listOf(text),
});

const state: Shape = objectOf({
  facts: listOf(fact),
  summaries: listOf(summary),
  waiting: listOf(waiting),
  lastFactId: count,
});

/** The state when `value` has its shape, else the first problem, named by its path. */
export function decodeFactsState(value: unknown): FactsState | string {
  const problem = state(value, 'facts');
  return problem === null ? (value as FactsState) : problem;
}
