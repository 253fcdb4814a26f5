/**
 * The fact store: every fact ever asserted, by id and by subject and name, and the operations on them
 * (assert, delete, move to a scope) under the rules of precedence.ts, which decide which fact stands
 * (reference, "Versions and precedence"). Each operation returns the changes it made, in order, for
 * the caller to audit. Time and ids come from the caller; nothing here reads a clock.
 */
import { FactError } from '../errors.js';
import type { FactChange } from './changes.js';
import {
  classForScope,
  foldValue,
  scopeForClass,
  snapshotFact,
  sourceName,
  sourceRank,
  type Fact,
  type FactKey,
  type FactScope,
  type FactSource,
  type FactSourceKind,
} from './fact.js';
import { normaliserOf, type KindTable } from './kinds.js';
import { collapseWhitespace } from './normalise.js';
import { conflictChange, disagree, othersByStrength, winnerOf, type FactConflict } from './precedence.js';

/** What a source asserts. The name is normalised by the subject's kind; the value is kept as given. */
export interface FactAssertion {
  subject: string;
  name: string;
  value: string;
  source: FactSource;
  /** Defaults to the scope of the source's current fact here, else the kind's; only the person's is permanent. */
  scope?: FactScope;
  entries?: readonly number[];
  events?: readonly string[];
  turn: number;
  recordedAt: number;
  turns?: { first: number; last: number };
}

/** When an operation that makes a new fact happens. */
export interface FactTime {
  turn: number;
  recordedAt: number;
}

/** The store's collaborators: the kinds in force and where fact ids come from. */
export interface FactStoreOptions {
  kinds: KindTable;
  nextId: () => string;
}

function keyString(subject: string, name: string): string {
  return `${subject}\u0000${name}`;
}

/** All facts of a conversation and the rules between them. */
export class FactStore {
  private readonly facts: Fact[] = [];
  private readonly byId = new Map<string, Fact>();
  private readonly byKey = new Map<string, Fact[]>();
  private readonly inConflict = new Set<string>();

  #version = 0;

  constructor(private readonly options: FactStoreOptions) {}

  /** Counts the changes made: what is composed from the facts holds while it stays the same. */
  get version(): number {
    return this.#version;
  }

  /**
   * A store holding `facts` as they were saved, ids, versions and states included, with the conflicts
   * among their current heads raised again. Nothing is audited: these are not new changes.
   */
  static restore(options: FactStoreOptions, facts: readonly Fact[]): FactStore {
    const store = new FactStore(options);
    for (const saved of facts) {
      const fact = snapshotFact(saved);
      store.index(fact);
    }
    for (const key of store.byKey.keys()) if (disagree(store.heads(key))) store.inConflict.add(key);
    return store;
  }

  /** Records what a source asserts, unless it adds nothing; returns the changes made. */
  assert(input: FactAssertion): FactChange[] {
    const kind = this.options.kinds.get(input.subject);
    if (kind === undefined)
      throw new FactError('FACT_INVALID', `no subject kind is called "${input.subject}"`);
    const value = input.value.trim();
    if (value === '') throw new FactError('FACT_INVALID', `a fact about ${input.subject} needs a value`);
    const name = normaliserOf(kind).normalise(input.name);
    const key = keyString(input.subject, name);
    const heads = this.heads(key);
    const own = heads.find((fact) => fact.source.kind === input.source.kind);
    if (own !== undefined && collapseWhitespace(own.value) === collapseWhitespace(value)) return [];

    const changes: FactChange[] = [];
    const rank = sourceRank(input.source.kind);
    const holders = heads.filter((fact) => fact !== own && foldValue(fact.value) === foldValue(value));
    const holder = holders.find((fact) => sourceRank(fact.source.kind) >= rank);
    if (holder !== undefined) {
      // The value already stands under a source at least as strong: held once, there.
      if (own !== undefined) changes.push(this.supersede(own, holder.id));
    } else {
      let scope = input.scope ?? own?.identity.scope ?? scopeForClass(kind.temporalClass);
      // Only the person admits a fact to the shared store; anyone else's stays in the conversation.
      if (scope === 'permanent' && input.source.kind !== 'person') scope = 'thread';
      const fact = this.add({
        identity: { scope, subject: input.subject, name },
        source: { ...input.source },
        version: this.nextVersion(key, input.source.kind),
        value,
        temporalClass: classForScope(scope),
        entries: [...(input.entries ?? [])],
        events: [...(input.events ?? [])],
        recordedAt: input.recordedAt,
        turn: input.turn,
        ...(input.turns ? { turns: { ...input.turns } } : {}),
      });
      const replaced = [own, ...holders].filter((f): f is Fact => f !== undefined);
      changes.push({
        type: 'fact.recorded',
        fact: snapshotFact(fact),
        supersedes: replaced.map((f) => f.id),
      });
      for (const old of replaced) changes.push(this.supersede(old, fact.id));
    }
    changes.push(...this.updateConflict(input.subject, name));
    this.#version += 1;
    return changes;
  }

  /** Deletes a current fact. Only the person may; anyone else gets a FactError. */
  delete(id: string, by: FactSourceKind): FactChange[] {
    if (by !== 'person') throw new FactError('FACT_NOT_ALLOWED', `only the person deletes a fact, not ${by}`);
    const fact = this.currentFact(id);
    fact.state = 'deleted';
    this.#version += 1;
    const { subject, name } = fact.identity;
    return [
      { type: 'fact.deleted', factId: id, identity: { ...fact.identity }, by: 'person' },
      ...this.updateConflict(subject, name),
    ];
  }

  /**
   * Moves a current fact to `scope`: a new copy in the new scope supersedes it, which stays as
   * history. Only the person may. Moving another source's fact into the permanent scope is the
   * person keeping it, so the copy is theirs and ranks with them.
   */
  setScope(id: string, scope: FactScope, by: FactSourceKind, at: FactTime): FactChange[] {
    if (by !== 'person')
      throw new FactError('FACT_NOT_ALLOWED', `only the person changes a fact's scope, not ${by}`);
    const fact = this.currentFact(id);
    if (fact.identity.scope === scope) return [];
    const kept = scope === 'permanent' && fact.source.kind !== 'person';
    const source: FactSource = kept
      ? { kind: 'person', method: 'noted', detail: `kept from ${sourceName(fact.source)}` }
      : { ...fact.source };
    const key = keyString(fact.identity.subject, fact.identity.name);
    const displaced = kept ? this.heads(key).find((head) => head.source.kind === 'person') : undefined;
    const copy = this.add({
      identity: { ...fact.identity, scope },
      source,
      version: this.nextVersion(key, source.kind),
      value: fact.value,
      temporalClass: classForScope(scope),
      entries: [...fact.entries],
      events: [...fact.events],
      recordedAt: at.recordedAt,
      turn: at.turn,
      ...(fact.turns ? { turns: { ...fact.turns } } : {}),
    });
    fact.state = 'superseded';
    fact.supersededBy = copy.id;
    const changes: FactChange[] = [
      {
        type: 'fact.scope.changed',
        factId: id,
        fact: snapshotFact(copy),
        from: fact.identity.scope,
        to: scope,
        by: 'person',
      },
    ];
    if (displaced !== undefined) changes.push(this.supersede(displaced, copy.id));
    changes.push(...this.updateConflict(fact.identity.subject, fact.identity.name));
    this.#version += 1;
    return changes;
  }

  /** The fact that stands for each subject and name, in the order they were recorded. */
  current(): Fact[] {
    const winners = new Set([...this.byKey.keys()].map((key) => winnerOf(this.heads(key))));
    return this.facts.filter((fact) => winners.has(fact)).map(snapshotFact);
  }

  /** Every subject and name whose sources' current facts disagree, in the order they were raised. */
  conflicts(): FactConflict[] {
    const found: FactConflict[] = [];
    for (const key of this.inConflict) {
      const heads = this.heads(key);
      const winner = winnerOf(heads);
      if (winner === undefined) continue;
      const others = othersByStrength(heads, winner);
      const { subject, name } = winner.identity;
      found.push({ subject, name, winner: snapshotFact(winner), others: others.map(snapshotFact) });
    }
    return found;
  }

  /** Every fact ever recorded about `key`, oldest first, whatever its state. */
  history(key: FactKey): Fact[] {
    return (this.byKey.get(this.lookupKey(key)) ?? []).map(snapshotFact);
  }

  /** The fact that stands for `key`, if any. */
  winner(key: FactKey): Fact | undefined {
    const winner = winnerOf(this.heads(this.lookupKey(key)));
    return winner === undefined ? undefined : snapshotFact(winner);
  }

  /** One fact by id, whatever its state. */
  get(id: string): Fact | undefined {
    const fact = this.byId.get(id);
    return fact === undefined ? undefined : snapshotFact(fact);
  }

  /** Every fact, oldest first, whatever its state. */
  all(): Fact[] {
    return this.facts.map(snapshotFact);
  }

  // A caller's key may carry the name as asserted; look it up as stored.
  private lookupKey(key: FactKey): string {
    const kind = this.options.kinds.get(key.subject);
    return keyString(key.subject, kind === undefined ? key.name : normaliserOf(kind).normalise(key.name));
  }

  private heads(key: string): Fact[] {
    return (this.byKey.get(key) ?? []).filter((fact) => fact.state === 'current');
  }

  private nextVersion(key: string, kind: FactSourceKind): number {
    const versions = (this.byKey.get(key) ?? []).filter((f) => f.source.kind === kind).map((f) => f.version);
    return Math.max(0, ...versions) + 1;
  }

  private add(fields: Omit<Fact, 'id' | 'state' | 'supersededBy'>): Fact {
    const fact: Fact = { id: this.options.nextId(), ...fields, supersededBy: null, state: 'current' };
    this.index(fact);
    return fact;
  }

  private index(fact: Fact): void {
    if (this.byId.has(fact.id)) throw new FactError('FACT_INVALID', `fact id ${fact.id} is already in use`);
    const key = keyString(fact.identity.subject, fact.identity.name);
    this.facts.push(fact);
    this.byId.set(fact.id, fact);
    this.byKey.set(key, [...(this.byKey.get(key) ?? []), fact]);
  }

  private supersede(fact: Fact, by: string): FactChange {
    fact.state = 'superseded';
    fact.supersededBy = by;
    return { type: 'fact.superseded', factId: fact.id, identity: { ...fact.identity }, by };
  }

  private currentFact(id: string): Fact {
    const fact = this.byId.get(id);
    if (fact === undefined) throw new FactError('FACT_UNKNOWN', `no fact has the id ${id}`);
    if (fact.state !== 'current') throw new FactError('FACT_NOT_CURRENT', `fact ${id} is ${fact.state}`);
    return fact;
  }

  // Conflicts are reported on the change of state only: raised once, resolved once.
  private updateConflict(subject: string, name: string): FactChange[] {
    const key = keyString(subject, name);
    const change = conflictChange(subject, name, this.heads(key), this.inConflict.has(key));
    if (change === null) return [];
    if (change.type === 'fact.conflict.raised') this.inConflict.add(key);
    else this.inConflict.delete(key);
    return [change];
  }
}
