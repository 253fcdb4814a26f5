/**
 * The context store: the faithful record of a conversation. Entries are appended, never edited;
 * what the model is sent may differ from the store only by drops, cuts and references, each of
 * which is recorded on the entry so any earlier request can be rebuilt.
 */
import type { Entry, EntryKind, EntryOrigin, ReplyCut } from './entry.js';
import { InternalError } from '../errors.js';

export interface NewEntry {
  kind: EntryKind;
  turn: number;
  origin?: EntryOrigin;
  text: string;
  call?: Entry['call'];
  outcome?: Entry['outcome'];
  personCommand?: boolean;
  sources: string[];
  recordedAt: number;
}

export class ContextStore {
  readonly #entries: Entry[] = [];
  readonly #byId = new Map<number, Entry>();
  /** The active entries as last listed; every append and drop lists them anew. */
  #active: readonly Entry[] | null = null;

  /** A store holding `entries` as they are, ids and state included (a resumed conversation's). */
  static restore(entries: readonly Entry[]): ContextStore {
    const store = new ContextStore();
    for (const entry of entries) {
      if (entry.id <= (store.#entries.at(-1)?.id ?? 0))
        throw new InternalError(`entry ${entry.id} is out of order`);
      store.#entries.push(entry);
      store.#byId.set(entry.id, entry);
    }
    return store;
  }

  /** Appends an entry and returns it with its new id. */
  append(input: NewEntry): Entry {
    const entry: Entry = {
      id: this.nextId(),
      kind: input.kind,
      turn: input.turn,
      origin: input.origin ?? 'turn',
      text: input.text,
      sources: [...input.sources],
      recordedAt: input.recordedAt,
      active: true,
      ...(input.call ? { call: input.call } : {}),
      ...(input.outcome ? { outcome: input.outcome } : {}),
      ...(input.personCommand ? { personCommand: true } : {}),
    };
    this.#entries.push(entry);
    this.#byId.set(entry.id, entry);
    this.#active = null;
    return entry;
  }

  /** Every entry, active or dropped, in order. */
  all(): readonly Entry[] {
    return this.#entries;
  }

  /** The entries the model is still sent, in order. */
  active(): readonly Entry[] {
    this.#active ??= this.#entries.filter((e) => e.active);
    return this.#active;
  }

  get(id: number): Entry | undefined {
    return this.#byId.get(id);
  }

  /** The id the next entry will get: one past the last. */
  nextId(): number {
    return (this.#entries.at(-1)?.id ?? 0) + 1;
  }

  /** Marks entries as dropped by a condensation during `turn`. */
  drop(ids: readonly number[], condensation: string, turn: number): void {
    const newest = this.nextId() - 1;
    for (const id of ids) {
      const entry = this.#require(id);
      if (!entry.active) continue;
      entry.active = false;
      entry.droppedBy = condensation;
      entry.droppedAt = turn;
      entry.droppedAfter = newest;
      this.#active = null;
    }
  }

  /** Marks a tool output as sent by reference from the start of `turn`. */
  reference(id: number, turn: number, text: string): void {
    const entry = this.#require(id);
    if (entry.kind !== 'toolOutput')
      throw new InternalError(`entry ${id} is a ${entry.kind}, not a tool output`);
    if (entry.referencedAt !== undefined) return;
    entry.referencedAt = turn;
    entry.reference = text;
  }

  /**
   * Marks a tool output as sent as `text`, the mask policy's placeholder, in every request that
   * carries entry `by` (the newer output that pushed it out of the latest kept whole), from `turn`.
   */
  mask(id: number, by: number, turn: number, text: string): void {
    const entry = this.#require(id);
    if (entry.kind !== 'toolOutput')
      throw new InternalError(`entry ${id} is a ${entry.kind}, not a tool output`);
    if (entry.maskedBy !== undefined) return;
    if (entry.referencedAt !== undefined)
      throw new InternalError(`entry ${id} is already sent as its reference and cannot be masked`);
    entry.maskedBy = by;
    entry.referencedAt = turn;
    entry.reference = text;
  }

  /** Records the cuts on a reply, and the reply as it is sent with them. */
  cut(id: number, cuts: ReplyCut[], sentText: string): void {
    const entry = this.#require(id);
    if (entry.kind !== 'reply') throw new InternalError(`entry ${id} is a ${entry.kind}, not a reply`);
    entry.cuts = [...(entry.cuts ?? []), ...cuts];
    entry.cutText = sentText;
  }

  #require(id: number): Entry {
    const entry = this.get(id);
    if (!entry) throw new InternalError(`no entry ${id} in the store`);
    return entry;
  }
}
