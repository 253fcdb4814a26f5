/**
 * How a conversation begins: its session.start event, then its store, either fresh over the
 * instructions (with the memory rule when the memory tool is on) or rebuilt from a saved conversation
 * with its facts and summary, audited as context.resume with what was taken up. A saved conversation
 * that cannot be taken up whole is refused before anything is audited.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import type { OutputSweep } from '../output/sweep.js';
import type { Clock } from '../ports.js';
import type { EngineSettings } from '../settings.js';
import { ContextStore } from '../store/store.js';
import type { FactsLayer } from '../facts/facts-layer.js';
import { planResume, type SavedConversation } from './resume.js';
import { MEMORY_RULE } from '../protocol.js';

export interface OpeningOptions {
  audit: AuditRecorder;
  clock: Clock;
  model: string;
  window: number | null;
  settings: EngineSettings;
  instructions: string;
  /** The tool catalogue the instructions carry as a segment of their own, when requests register their own tools. */
  catalogue?: string;
  /** Restored from the saved conversation's state when it is resumed whole. */
  facts: FactsLayer | null;
  resume?: SavedConversation;
  /** What sweeping the output store did before this start, recorded on session.start. */
  outputSweep?: OutputSweep | null;
}

/** A conversation as it begins. */
export interface Opening {
  store: ContextStore;
  /** The last turn so far: 0, or the saved conversation's last. */
  turn: number;
  /** The session.start event, and the sessions a resume carried entries from. */
  start: string;
  carriedFrom: string[];
}

/** Audits the start and makes the store, fresh or resumed. */
export function openConversation(options: OpeningOptions): Opening {
  const { audit, clock, settings, facts, resume: saved } = options;
  const resume = saved ? planResume(saved) : null;
  const start = audit.record({
    type: 'session.start',
    turn: resume?.lastTurn ?? 0,
    model: options.model,
    window: options.window,
    settings: settings as unknown as Record<string, unknown>,
    ...(resume && saved ? { resumed: saved.name, carriedFrom: resume.carriedFrom } : {}),
    ...(options.outputSweep ? { outputSweep: options.outputSweep } : {}),
  });
  const carriedFrom = resume?.carriedFrom ?? [];
  if (resume && saved) {
    const store = ContextStore.restore(resume.entries);
    if (resume.facts) facts?.restore(resume.facts);
    audit.record({
      type: 'context.resume',
      turn: resume.lastTurn,
      name: saved.name,
      entries: store.all().length,
      dropped: store.all().filter((e) => !e.active).length,
      facts: facts ? (resume.facts?.facts.length ?? 0) : 0,
      summaries: facts ? (resume.facts?.summaries.length ?? 0) : 0,
    });
    return { store, turn: resume.lastTurn, start: start.id, carriedFrom };
  }
  const store = new ContextStore();
  store.append({
    kind: 'instructions',
    turn: 0,
    origin: 'carried',
    text: [
      options.instructions,
      ...(settings.context.memory ? [MEMORY_RULE] : []),
      ...(options.catalogue ? ['', options.catalogue] : []),
    ].join('\n'),
    sources: [start.id],
    recordedAt: clock.now(),
  });
  return { store, turn: 0, start: start.id, carriedFrom };
}
