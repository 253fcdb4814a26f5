/**
 * What the fact store reports for each change it makes. The caller stamps each with an id, a time
 * and a turn and writes it as an audit event of the same type, so every change to the facts is in
 * the audit (reference, "The person's controls").
 */
import type { Fact, FactIdentity, FactScope, FactSource } from './fact.js';

/** A new fact; `supersedes` lists the facts that gave way to it. */
export interface FactRecordedChange {
  type: 'fact.recorded';
  fact: Fact;
  supersedes: string[];
}

/** A fact gave way to a newer one (`by`), which may be its own source's or a stronger source's. */
export interface FactSupersededChange {
  type: 'fact.superseded';
  factId: string;
  identity: FactIdentity;
  by: string;
}

/** The person deleted a fact. */
export interface FactDeletedChange {
  type: 'fact.deleted';
  factId: string;
  identity: FactIdentity;
  by: 'person';
}

/** The person moved a fact to another scope: `fact` is the new copy, `factId` the one it replaced. */
export interface FactScopeChangedChange {
  type: 'fact.scope.changed';
  factId: string;
  fact: Fact;
  from: FactScope;
  to: FactScope;
  by: 'person';
}

/** One side of a conflict: a source's current fact and what it says. */
export interface FactSide {
  factId: string;
  source: FactSource;
  value: string;
}

/** The current facts of different sources about one subject and name started to disagree. */
export interface FactConflictRaisedChange {
  type: 'fact.conflict.raised';
  subject: string;
  name: string;
  winner: FactSide;
  others: FactSide[];
}

/** They agree again (or one side is left); `winner` is what stands now, null when nothing does. */
export interface FactConflictResolvedChange {
  type: 'fact.conflict.resolved';
  subject: string;
  name: string;
  winner: FactSide | null;
}

/** Any change the fact store reports, told apart by `type`. */
export type FactChange =
  | FactRecordedChange
  | FactSupersededChange
  | FactDeletedChange
  | FactScopeChangedChange
  | FactConflictRaisedChange
  | FactConflictResolvedChange;

/** The audit event types of fact changes. */
export type FactChangeType = FactChange['type'];

/** A fact as one side of a conflict. */
export function factSide(fact: Readonly<Fact>): FactSide {
  return { factId: fact.id, source: { ...fact.source }, value: fact.value };
}
