/**
 * What one run leaves: its record, and its files as JSON-ready values (audit events, model calls,
 * their timeline, the store, transcripts) that runners/recording/ writes into the run's folder.
 */
import type { AuditEvent, ModelCall, TurnBlocks } from '../engine/index.js';
import type { RunRecord } from './run-record.js';

/** One line of requests.jsonl: a model call of any purpose, numbered from 1 in the order made. */
export type CallRecord = ModelCall & { call: number };

/** The run's model calls and audit events in the one order they happened. */
export type TimelineItem = { kind: 'call'; call: CallRecord } | { kind: 'event'; event: AuditEvent };

/** The files a run leaves in its folder, as JSON-ready values. */
export interface RunFiles {
  audit: AuditEvent[];
  /** Every model call: turns, distillations and summaries. */
  requests: CallRecord[];
  /** Calls and events interleaved in the order they happened. */
  timeline: TimelineItem[];
  store: { version: number; entries: readonly object[] };
  /**
   * Files the run saved under transcripts/, by path relative to the run's folder: the context before
   * and after each condensation (`{ version, messages }`), and each `save` step's transcript
   * (`<name>.json`) and store sidecar (`<name>.store`).
   */
  transcripts: Map<string, unknown>;
  /**
   * The prompt-side blocks each turn's latest request carried, kept in memory (not written): with the
   * store they rebuild any turn's context as it was sent.
   */
  blocks?: { turn: number; blocks: TurnBlocks }[];
}

/** A run's record and its files. */
export interface RunOutcome {
  record: RunRecord;
  files: RunFiles;
}
