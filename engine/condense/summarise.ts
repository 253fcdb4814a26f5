/**
 * The `summarise` baseline: when the context and the prompt reach the budget and there is a middle
 * to take, the instructions, the first `context.summaryHead` turns and the latest
 * `context.summaryTail` turns stay, and every turn between them is dropped, handed first to the
 * seam that adds it to the model-written summary (middle-summary.ts). It counts turns, as OpenHands'
 * condenser counts events: a head and tail that alone pass the budget are left as they are. It never
 * reaches the engine's floor of one literal turn, so its condensations never report one.
 */
import type { CondensationStep } from '../audit/events.js';
import { groupTurns } from '../store/turns.js';
import type { ContextPolicy, CondenseInput, CondensePlan } from './policy.js';

export interface SummariseSettings {
  budget: number;
  head: number;
  tail: number;
}

/** The turns of `count` a summarising condensation keeps at each end, and the middle it drops. */
export function middleOf(count: number, head: number, tail: number): { from: number; to: number } {
  const from = Math.min(head, count);
  const to = Math.max(from, count - tail);
  return { from, to };
}

async function planSummarise(settings: SummariseSettings, input: CondenseInput): Promise<CondensePlan> {
  const fillBefore = await input.measure(new Set());
  const { turns } = groupTurns(input.entries);
  const { from, to } = middleOf(turns.length, settings.head, settings.tail);
  const middle = turns.slice(from, to);
  const leaving = middle.flatMap((g) => g.entries);
  const drop = leaving.map((e) => e.id);
  if (leaving.length > 0) await input.beforeDrop?.(leaving);
  const fillAfter = await input.measure(new Set(drop));
  const steps: CondensationStep[] = [{ step: 'drop', fill: fillAfter, turnsDropped: middle.length }];
  return {
    goal: null,
    fillBefore,
    fillAfter,
    drop,
    turnsDropped: middle.length,
    turnsKept: turns.length - middle.length,
    floor: false,
    steps,
  };
}

/** Due at the budget once there are more turns than the head and the tail keep. */
export function summarisePolicy(settings: SummariseSettings): ContextPolicy {
  return {
    name: 'summarise',
    failsFast: false,
    dueAhead: (c) =>
      c.turns > settings.head + settings.tail && c.fill + c.prompt >= settings.budget * c.window,
    plan: (input) => planSummarise(settings, input),
  };
}
