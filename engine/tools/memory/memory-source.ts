/** What the memory tool reads: the conversation as it stands, published before every request. */
import type { SummaryVersion } from '../../facts/saved-facts.js';
import type { KindTable } from '../../facts/kinds.js';
import type { FactStore } from '../../facts/fact-store.js';
import type { GuidedRequest } from '../../model/port.js';
import type { OutputStore } from '../../output/store-port.js';
import type { AuditReader } from '../../audit/sink.js';
import type { Entry } from '../../store/entry.js';

/** What a guided call about a stored output is for: its notable lines, or an answer drawn from it. */
export type OutputDigestPurpose = 'output-summary' | 'output-condense';

/**
 * One guided call through the conversation's model, for `summarise` and `condense`: the answer's
 * value, as the model port returns it. Throws when the call fails or the model offers no guided calls.
 */
export type OutputDigestCall = (
  purpose: OutputDigestPurpose,
  request: Omit<GuidedRequest, 'purpose'>,
) => Promise<unknown>;

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
  /** The audit, where an entry's content is read from; without it, the store's copy serves. */
  audit?: AuditReader;
  /** Guided calls for `summarise` and `condense`; without it, those verbs are refused. */
  digest?: OutputDigestCall;
}
