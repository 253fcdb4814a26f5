/** What the memory tool reads: the conversation as it stands, published before every request. */
import type { SummaryVersion } from '../../facts/saved.js';
import type { KindTable } from '../../facts/kinds.js';
import type { FactStore } from '../../facts/store.js';
import type { OutputStore } from '../../output/store-port.js';
import type { Entry } from '../../store/entry.js';

/** What the conversation publishes to the tool before every request. */
export interface MemorySource {
  /** The current turn. */
  turn: number;
  /** Every store entry, active or dropped. */
  entries: readonly Entry[];
  /** Null when the conversation keeps no facts. */
  facts: FactStore | null;
  /** The running summary's versions, oldest first. */
  summaries: readonly SummaryVersion[];
  /** Where held-back outputs are kept whole. */
  outputs?: OutputStore;
  /** The subject kinds in force (a note's subject must be one the distiller may use). */
  kinds: KindTable;
}
