/**
 * The memory tool as a conversation wires it: the standing rule the instructions carry, the tool over
 * the conversation's store, facts, summary and held-back outputs, and the notes and task proposals it
 * leaves pending, recorded as the model's facts when the turn ends.
 */
import type { AuditRecorder } from '../../audit/recorder.js';
import { loadKinds } from '../../facts/kinds.js';
import type { OutputStore } from '../../output/store-port.js';
import type { AuditReader } from '../../audit/sink.js';
import type { ContextStore } from '../../store/store.js';
import { memoryTool, type MemoryNote } from './memory.js';
import type { Tool } from '../tool.js';
import type { OutputDigestCall } from './memory-source.js';
import type { FactsLayer } from '../../facts/facts-layer.js';
import type { ModelCaller } from '../../model/model-calls.js';

export interface MemoryNotesOptions {
  /** The current turn. */
  turn: () => number;
  /** The conversation's store, once it is made. */
  store: () => ContextStore;
  facts: FactsLayer | null;
  audit: AuditRecorder;
  outputs?: OutputStore;
  /** Where recalled entries' content is read from; without it, the store's copy. */
  auditReader?: AuditReader;
  /** The conversation's caller, for the guided calls of summarise and condense. */
  caller?: ModelCaller;
}

export class MemoryNotes {
  readonly #pending: { notes: MemoryNote[]; task: string | null } = { notes: [], task: null };

  constructor(private readonly options: MemoryNotesOptions) {}

  /** The memory tool over what the conversation holds as each call is made; audited as context.memory. */
  tool(): Tool {
    const { turn, store, facts, audit, outputs, auditReader, caller } = this.options;
    const digest: OutputDigestCall | undefined = caller?.model.generate
      ? async (purpose, request) => (await caller.generate(turn(), { purpose, ...request }, purpose)).value
      : undefined;
    return memoryTool({
      source: () => ({
        turn: turn(),
        entries: store().all(),
        facts: facts?.facts ?? null,
        summaries: facts?.summaries ?? [],
        kinds: facts?.kinds ?? loadKinds(),
        ...(outputs ? { outputs } : {}),
        ...(auditReader ? { audit: auditReader } : {}),
        ...(digest ? { digest } : {}),
      }),
      pending: this.#pending,
      onAction: (action) => audit.record({ type: 'context.memory', turn: turn(), ...action }),
    });
  }

  /** Notes and a task the model proposed this turn: recorded as the model's facts as it ends. */
  recordPending(turn: number): void {
    const { notes, task } = this.#pending;
    this.#pending.notes = [];
    this.#pending.task = null;
    const facts = this.options.facts;
    for (const note of notes) facts?.modelNotes(note.subject, note.name, note.value, turn);
    if (task !== null) facts?.modelNotes('task', 'task', task, turn);
  }
}
