/**
 * A fact: a short, versioned assertion about an identity {scope, subject, name}, with who asserted
 * it, where it came from, and whether it still stands. Plain data; the store holds the rules.
 */
import { collapseWhitespace } from './normalise.js';
import type { TemporalClass } from './kinds.js';

/** Where a fact lives: the shared store, this conversation, or this session. */
export type FactScope = 'permanent' | 'thread' | 'session';

/** What a fact is about. The name is stored normalised by its subject kind's normaliser. */
export interface FactIdentity {
  scope: FactScope;
  subject: string;
  name: string;
}

/**
 * What the store compares facts by: subject and name. Scope is a state the person sets, so a
 * thread fact that disagrees with a permanent one about the same thing is a conflict, not a stranger.
 */
export type FactKey = Pick<FactIdentity, 'subject' | 'name'>;

/** Who asserted a fact. */
export type FactSourceKind = 'person' | 'caller' | 'tool' | 'model';

/** How the source came to assert it. */
export type FactMethod = 'stated' | 'extracted' | 'distilled' | 'noted' | 'inferred';

/** Who asserted a fact and how; `detail` is e.g. a tool's name or `the person said`. */
export interface FactSource {
  kind: FactSourceKind;
  method: FactMethod;
  detail?: string;
}

/** Whether a fact still stands, gave way to a newer one, or was deleted by the person. */
export type FactState = 'current' | 'superseded' | 'deleted';

/** One recorded fact. */
export interface Fact {
  id: string;
  identity: FactIdentity;
  source: FactSource;
  /** Counts from 1 for each subject, name and source kind. */
  version: number;
  value: string;
  temporalClass: TemporalClass;
  /** Store entries the fact came from. */
  entries: readonly number[];
  /** Audit events the fact came from. */
  events: readonly string[];
  /** Epoch milliseconds, from the caller's clock. */
  recordedAt: number;
  turn: number;
  /** For a fact distilled from a stretch of turns, the stretch. */
  turns?: { first: number; last: number };
  supersededBy: string | null;
  state: FactState;
}

// The person and a caller speaking for them rank together, above what tools observe, above what the
// model concludes (reference, "Versions and precedence").
const RANK: Readonly<Record<FactSourceKind, number>> = { person: 3, caller: 3, tool: 2, model: 1 };

/** A source kind's precedence: higher wins. */
export function sourceRank(kind: FactSourceKind): number {
  return RANK[kind];
}

/**
 * The detail of a fact read from what a command the person ran (after `!`) printed. Such a fact is an
 * observation, not the person's word: it ranks with a tool's, so a later run of the same command, the
 * person's or the model's, supersedes it; only its name says who ran it.
 */
export const PERSON_COMMAND_DETAIL = "the person's command";

/**
 * How a source is named in a line: `the person`, `the caller`, `tool read_file`, `the person's
 * command`, `the model`.
 */
export function sourceName(source: Readonly<FactSource>): string {
  if (source.kind === 'tool' && source.detail === PERSON_COMMAND_DETAIL) return PERSON_COMMAND_DETAIL;
  if (source.kind === 'tool') return source.detail ? `tool ${source.detail}` : 'a tool';
  return `the ${source.kind}`;
}

/** A value as values are compared across sources: case folded, whitespace collapsed. */
export function foldValue(value: string): string {
  return collapseWhitespace(value).toLowerCase();
}

const SCOPE_OF_CLASS: Readonly<Record<TemporalClass, FactScope>> = {
  permanent: 'permanent',
  dynamic: 'thread',
  ephemeral: 'session',
};

/** The scope a fact of temporal class `temporalClass` lives in. */
export function scopeForClass(temporalClass: TemporalClass): FactScope {
  return SCOPE_OF_CLASS[temporalClass];
}

/** The temporal class that goes with `scope` (the two always move together). */
export function classForScope(scope: FactScope): TemporalClass {
  return scope === 'permanent' ? 'permanent' : scope === 'thread' ? 'dynamic' : 'ephemeral';
}

/** A copy of `fact` that later changes to the store do not reach. */
export function snapshotFact(fact: Readonly<Fact>): Fact {
  return {
    ...fact,
    identity: { ...fact.identity },
    source: { ...fact.source },
    entries: [...fact.entries],
    events: [...fact.events],
    ...(fact.turns ? { turns: { ...fact.turns } } : {}),
  };
}
