/**
 * The context store: the faithful record of a conversation. Entries are appended, never edited;
 * what the model is sent may differ from the store only by drops, cuts and references, each of
 * which is recorded on the entry so any earlier request can be rebuilt.
 */
import type { Entry, EntryKind, EntryOrigin, ReplyCut } from './entry.js';

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

  /** Appends an entry and returns it with its new id. */
  append(input: NewEntry): Entry {
    const entry: Entry = {
      id: this.#entries.length + 1,
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
    return entry;
  }

  /** Every entry, active or dropped, in order. */
  all(): readonly Entry[] {
    return this.#entries;
  }

  /** The entries the model is still sent, in order. */
  active(): Entry[] {
    return this.#entries.filter((e) => e.active);
  }

  get(id: number): Entry | undefined {
    return this.#entries[id - 1];
  }

  /** The id the next entry will get. */
  nextId(): number {
    return this.#entries.length + 1;
  }

  /** Marks entries as dropped by a condensation during `turn`. */
  drop(ids: readonly number[], condensation: string, turn: number): void {
    for (const id of ids) {
      const entry = this.#require(id);
      if (!entry.active) continue;
      entry.active = false;
      entry.droppedBy = condensation;
      entry.droppedAt = turn;
    }
  }

  /** Marks a tool output as sent by reference from the start of `turn`. */
  reference(id: number, turn: number, text: string): void {
    const entry = this.#require(id);
    if (entry.kind !== 'toolOutput') throw new Error(`entry ${id} is a ${entry.kind}, not a tool output`);
    if (entry.referencedAt !== undefined) return;
    entry.referencedAt = turn;
    entry.reference = text;
  }

  /** Records the cuts on a reply, and the reply as it is sent with them. */
  cut(id: number, cuts: ReplyCut[], sentText: string): void {
    const entry = this.#require(id);
    if (entry.kind !== 'reply') throw new Error(`entry ${id} is a ${entry.kind}, not a reply`);
    entry.cuts = [...(entry.cuts ?? []), ...cuts];
    entry.cutText = sentText;
  }

  #require(id: number): Entry {
    const entry = this.get(id);
    if (!entry) throw new Error(`no entry ${id} in the store`);
    return entry;
  }
}
