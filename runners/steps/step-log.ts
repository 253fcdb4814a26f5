/**
 * What the step interpreter keeps as it goes: the model calls and audit events in the order they
 * happened, the transcripts saved, the conversations and the models they ran on, and what the scorer
 * will need (the questions asked and where each evidence step starts). Kept as it grows, so that a
 * run that stops halfway still leaves all it did.
 */
import { memorySink, type AuditSink, type Conversation, type ModelCall } from '../../engine/index.js';
import type { CallRecord, TimelineItem } from '../../records/run-outcome.js';
import type { EvidenceCheck } from '../scoring/evidence/evidence-steps.js';
import type { AskedProbe } from '../scoring/probe-result.js';
import type { OpenStretch } from '../metrics/model-stretches.js';

/** The record of one run's steps, filled as they run. */
export class StepLog {
  /** Every model call, numbered from 1 in the order made. */
  readonly requests: CallRecord[] = [];
  /** Calls and events interleaved in the order they happened. */
  readonly timeline: TimelineItem[] = [];
  /** The audit events, which the engine reads back too. */
  readonly events = memorySink();
  /** Files saved under transcripts/, by path relative to the run's folder. */
  readonly transcripts = new Map<string, unknown>();
  /** The conversations in order: a resume starts a new one. */
  readonly conversations: Conversation[] = [];
  /** The models the run went on with. */
  readonly stretches: OpenStretch[] = [];
  /** The evidence steps declared, each with the first turn request it covers. */
  readonly checks: EvidenceCheck[] = [];
  /** The questions asked, with their replies, in order. */
  readonly asked: AskedProbe[] = [];

  /** Where the engine writes audit events: kept, and placed on the timeline. */
  readonly sink: AuditSink = {
    write: (event) => {
      this.events.write(event);
      this.timeline.push({ kind: 'event', event });
    },
  };

  /** Keeps a model call, numbered, and places it on the timeline. */
  call(call: ModelCall): void {
    const record: CallRecord = { call: this.requests.length + 1, ...call };
    this.requests.push(record);
    this.timeline.push({ kind: 'call', call: record });
  }
}
