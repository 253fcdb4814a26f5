/**
 * The `trim` baseline, after inspect_ai's CompactionTrim: when the context and the prompt reach the
 * budget, the oldest whole turns are dropped until the context is at `context.trimKeep` of the window
 * with room for the prompt. Nothing is distilled or summarised: what leaves is gone. The latest turn
 * always stays, so a context that its last turn alone fills ends at the floor, said so on the event.
 */
import type { CondensationStep } from '../audit/events.js';
import { groupTurns } from '../store/turns.js';
import type { ContextPolicy, CondenseInput, CondensePlan } from './policy.js';

/** The goal in tokens: `keep` of the window, less the prompt that goes in after the condensation. */
export function trimGoal(keep: number, window: number, prompt: number): number {
  return Math.max(0, Math.floor(keep * window) - prompt);
}

/**
 * Drops the oldest whole turns of `input.entries`, one at a time, measuring after each, until the
 * context is at `goal` or one turn is left. The turns leave with no distillation (no beforeDrop).
 */
export async function dropOldestTo(goal: number, input: CondenseInput): Promise<CondensePlan> {
  const fillBefore = await input.measure(new Set());
  const { turns } = groupTurns(input.entries);
  const dropped = new Set<number>();
  let fill = fillBefore;
  let turnsDropped = 0;
  while (fill > goal && turns.length - turnsDropped > 1) {
    for (const entry of turns[turnsDropped]?.entries ?? []) dropped.add(entry.id);
    turnsDropped += 1;
    fill = await input.measure(dropped);
  }
  const steps: CondensationStep[] = [];
  if (turnsDropped > 0) steps.push({ step: 'drop', fill, turnsDropped });
  const floor = fill > goal;
  if (floor) steps.push({ step: 'floor', fill, squeezed: false });
  return {
    goal,
    fillBefore,
    fillAfter: fill,
    drop: [...dropped],
    turnsDropped,
    turnsKept: turns.length - turnsDropped,
    floor,
    steps,
  };
}

/** The trim policy: due at `budget` of the window with more than one turn; trims to `keep` of it. */
export function trimPolicy(budget: number, keep: number, name = 'trim'): ContextPolicy {
  return {
    name,
    failsFast: false,
    dueAhead: (c) => c.turns > 1 && c.fill + c.prompt >= budget * c.window,
    plan: (input) => dropOldestTo(trimGoal(keep, input.window, input.prompt), input),
  };
}
