/**
 * The two views of tool output that differ from the store: references for outputs of earlier
 * turns, and cuts of replies that retyped an output of their own turn. Both are recorded on the
 * store's entries and audited, so any earlier request can be rebuilt; what they save goes to the
 * turn's tally.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import { byteLength, tokensForBytes } from '../measure/estimate.js';
import { applyCuts, findCuts } from './cuts.js';
import { buildReference } from './reference.js';
import { maskOlderOutputs } from './masking.js';
import { baselineSetting, type EngineSettings } from '../settings.js';
import type { Entry } from '../store/entry.js';
import type { ContextStore } from '../store/store.js';
import type { TurnTally } from '../measure/turn-tally.js';

export interface OutputViewsOptions {
  store: ContextStore;
  audit: AuditRecorder;
  /** Whether references and cuts are on, and whether the memory tool is (references name it). */
  settings: EngineSettings['context'];
  /** Whether a tool only reads (so calling it again is how to see its output). */
  readOnly(tool: string): boolean;
}

/** The conversation's references and cuts, as its settings turn them on. */
export class OutputViews {
  constructor(private readonly options: OutputViewsOptions) {}

  /** From the start of a turn, outputs of earlier turns go as their references; returns how many switched. */
  referenceEarlier(turn: number, tally: TurnTally): number {
    const { store, audit, settings, readOnly } = this.options;
    if (!settings.references) return 0;
    const { switched, bytesSaved } = switchToReferences(store, audit, {
      turn,
      memory: settings.memory,
      readOnly,
    });
    tally.saved('references', switched, bytesSaved);
    return switched;
  }

  /**
   * Under the mask policy, before a request: every output older than the latest `context.maskKeep`
   * goes as its placeholder from now on. Returns how many were masked.
   */
  maskOlder(turn: number): number {
    const { store, audit, settings } = this.options;
    if (settings.policy !== 'mask') return 0;
    return maskOlderOutputs(store, audit, baselineSetting(settings, 'maskKeep'), turn);
  }

  /** After a turn that succeeded, stretches of its reply that retyped its outputs are cut. */
  cutReply(turn: number, tally: TurnTally): void {
    const { store, audit, settings } = this.options;
    if (!settings.cuts) return;
    const reply = store.active().findLast((e) => e.kind === 'reply' && e.turn === turn);
    if (!reply) return;
    const before = reply.cuts?.length ?? 0;
    const bytes = cutRetypedOutput(store, audit, reply);
    tally.saved('cuts', (reply.cuts?.length ?? 0) - before, bytes);
  }
}

/** HH:MM:SS of an epoch time, in UTC so runs read the same anywhere. */
export function clockTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(11, 19);
}

interface ReferenceOptions {
  turn: number;
  memory: boolean;
  /** Whether a tool only reads (so calling it again is how to see its output). */
  readOnly(tool: string): boolean;
}

/**
 * Sends every active output of a turn before `turn` that is still whole as its reference, once.
 * Returns the bytes saved; an output no longer than its reference stays whole.
 */
function switchToReferences(
  store: ContextStore,
  audit: AuditRecorder,
  options: ReferenceOptions,
): { switched: number; bytesSaved: number } {
  let switched = 0;
  let bytesSaved = 0;
  for (const entry of store.active()) {
    if (entry.kind !== 'toolOutput' || entry.turn >= options.turn || entry.referencedAt !== undefined)
      continue;
    const call = entry.call;
    if (!call) continue;
    const reference = referenceFor(entry, call, options);
    if (reference === null) continue;
    const saved = byteLength(entry.text) - byteLength(reference);
    store.reference(entry.id, options.turn, reference);
    audit.record({
      type: 'context.reference',
      turn: options.turn,
      entry: entry.id,
      tool: call.tool,
      result: entry.sources[0] ?? '',
      bytesSaved: saved,
      tokensSaved: tokensForBytes(saved),
    });
    switched += 1;
    bytesSaved += saved;
  }
  return { switched, bytesSaved };
}

function referenceFor(
  entry: Entry,
  call: NonNullable<Entry['call']>,
  options: ReferenceOptions,
): string | null {
  return buildReference({
    entryId: entry.id,
    tool: call.tool,
    recordedAt: clockTime(entry.recordedAt),
    content: entry.text,
    arguments: call.arguments,
    readOnly: options.readOnly(call.tool),
    memory: options.memory,
  });
}

/**
 * Finds the stretches of a turn's reply that retype the turn's own outputs, records them on the
 * reply and audits each. Returns the bytes the cuts remove from what later requests carry.
 */
function cutRetypedOutput(store: ContextStore, audit: AuditRecorder, reply: Entry): number {
  const outputs = store
    .active()
    .flatMap((e) =>
      e.kind === 'toolOutput' && e.turn === reply.turn && e.call
        ? [{ entryId: e.id, tool: e.call.tool, content: e.text }]
        : [],
    );
  if (outputs.length === 0) return 0;
  const cuts = findCuts(reply.text, outputs);
  if (cuts.length === 0) return 0;
  const sent = applyCuts(reply.text, cuts);
  store.cut(
    reply.id,
    cuts.map((c) => ({
      start: c.start,
      end: c.end,
      outputEntry: c.entryId,
      tool: c.tool,
      words: c.words,
      coverage: c.coverage,
    })),
    sent,
  );
  for (const cut of cuts) {
    const bytes = cut.end - cut.start;
    audit.record({
      type: 'context.cut',
      turn: reply.turn,
      reply: reply.id,
      output: cut.entryId,
      tool: cut.tool,
      bytes,
      tokens: tokensForBytes(bytes),
      coverage: cut.coverage,
    });
  }
  return byteLength(reply.text) - byteLength(sent);
}
