/**
 * Carrying out one condensation: the policy plans it step by step over the given entries, measuring
 * as it goes; the drops are applied to the store; the transcript before and after is kept; and the
 * whole is audited as one context.condensation event.
 */
import type { AuditRecorder } from '../audit/recorder.js';
import type { ContextPolicy } from './policy.js';
import type { Message, ModelRequest } from '../model/port.js';
import type { Entry } from '../store/entry.js';
import type { ContextStore } from '../store/store.js';
import type { FactsLayer } from '../facts/facts-layer.js';
import type { CondensationFigures } from '../measure/figures.js';
import type { Meter } from '../measure/meter.js';
import type { MiddleSummary } from './middle-summary.js';

export interface CondensationDeps {
  policy: ContextPolicy;
  store: ContextStore;
  audit: AuditRecorder;
  meter: Meter;
  facts: FactsLayer | null;
  /** The summarise policy's summary, which then takes the leaving turns in the facts' place. */
  summary: MiddleSummary | null;
  compose: (entries: readonly Entry[], turn: number) => ModelRequest;
  /** Sends every earlier output still whole as its reference; returns how many switched. */
  referenceEarlier: (turn: number) => number;
  /** Squeezes the earlier block for the turn's `kept` entries; false when that makes it no smaller. */
  squeeze: (turn: number, kept: readonly Entry[]) => boolean;
  saveTranscript?: (name: string, messages: readonly Message[]) => string;
}

export interface CondensationRequest {
  reason: 'budget' | 'overflow';
  turn: number;
  window: number;
  /** The context's entries before the request. */
  entries: readonly Entry[];
  /** Tokens of the prompt (and, on overflow, of what the turn added). */
  prompt: number;
  headroom: number;
}

/** Plans, applies and audits one condensation; returns its figures for the run record. */
export async function condense(
  deps: CondensationDeps,
  request: CondensationRequest,
): Promise<CondensationFigures> {
  const { policy, store, audit, meter, facts } = deps;
  const { reason, turn, window, entries, prompt, headroom } = request;
  const id = audit.reserveId();
  const savedBefore = deps.saveTranscript?.(`${id}-before`, deps.compose(entries, turn).messages);
  const plan = await policy.plan({
    reason,
    window,
    entries,
    prompt,
    headroom,
    referenceEarlier: () => deps.referenceEarlier(turn),
    beforeDrop: async (leaving) => {
      if (deps.summary) return deps.summary.beforeDrop(turn, leaving, window);
      const ids = new Set(leaving.map((e) => e.id));
      const kept = entries.filter((e) => !ids.has(e.id) && e.kind !== 'instructions');
      await facts?.beforeDrop(turn, leaving, kept, window);
    },
    squeeze: (without) =>
      deps.squeeze(
        turn,
        entries.filter((e) => !without.has(e.id)),
      ),
    measure: (without) =>
      meter.measure(
        deps.compose(
          entries.filter((e) => !without.has(e.id)),
          turn,
        ),
      ),
  });
  store.drop(plan.drop, id, turn);
  const note = plan.floor ? floorNote(plan.fillAfter, plan.goal, window) : undefined;
  const savedAfter = deps.saveTranscript?.(`${id}-after`, deps.compose(store.active(), turn).messages);
  audit.record(
    {
      type: 'context.condensation',
      turn,
      reason,
      policy: policy.name,
      goal: plan.goal,
      fillBefore: plan.fillBefore,
      fillAfter: plan.fillAfter,
      headroom,
      floor: plan.floor,
      turnsDropped: plan.turnsDropped,
      turnsKept: plan.turnsKept,
      droppedEntries: plan.drop,
      steps: plan.steps,
      ...(note !== undefined ? { note } : {}),
      ...(savedBefore !== undefined ? { savedBefore } : {}),
      ...(savedAfter !== undefined ? { savedAfter } : {}),
    },
    id,
  );
  return {
    turn,
    reason,
    fillBefore: plan.fillBefore,
    fillAfter: plan.fillAfter,
    goal: plan.goal,
    headroom,
    floor: plan.floor,
    ...(note !== undefined ? { note } : {}),
    turnsDropped: plan.turnsDropped,
    event: id,
  };
}

/**
 * What the person is told when a condensation ends at its floor above the goal (design rule 6: it
 * says so rather than failing silently): what the instructions and the last turn take, and what may
 * follow.
 */
export function floorNote(fill: number, goal: number | null, window: number): string {
  const over = goal === null ? '' : `, more than the goal of ${goal}`;
  return (
    `The context is at its floor: the instructions and the latest turn alone need about ${fill} of the ` +
    `${window}-token window${over}. This turn may not fit; only a new conversation gives the room back.`
  );
}
