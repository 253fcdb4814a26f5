/**
 * The turn-count policies: `condense(keepTurns)` keeps the instructions and the last N turns, with
 * no check that the result fits; `fixed` is its old default of four; `failFast` never condenses and
 * lets an overflow through.
 */
import type { Entry } from '../store/entry.js';
import { entryIds, groupTurns } from '../store/turns.js';
import type { ContextPolicy, CondensePlan } from './policy.js';
import { InternalError } from '../errors.js';

/** The ids to drop so that only the last `keep` turns remain (the lead and a tail of commands stay). */
export function dropAllButLastTurns(
  entries: readonly Entry[],
  keep: number,
): { drop: number[]; dropped: number; kept: number } {
  const { turns } = groupTurns(entries);
  const cut = Math.max(0, turns.length - Math.max(0, keep));
  return { drop: entryIds(turns.slice(0, cut)), dropped: cut, kept: turns.length - cut };
}

/** Keeps the last `keepTurns` turns; due ahead once the context and prompt reach `budget` of the window. */
export function condensePolicy(keepTurns: number, budget: number): ContextPolicy {
  return {
    name: `condense(${keepTurns})`,
    failsFast: false,
    dueAhead: (c) => c.turns > keepTurns && c.fill + c.prompt >= budget * c.window,
    async plan(input): Promise<CondensePlan> {
      const fillBefore = await input.measure(new Set());
      const { drop, dropped, kept } = dropAllButLastTurns(input.entries, keepTurns);
      const leaving = new Set(drop);
      if (drop.length > 0) await input.beforeDrop?.(input.entries.filter((e) => leaving.has(e.id)));
      const fillAfter = await input.measure(new Set(drop));
      return {
        goal: null,
        fillBefore,
        fillAfter,
        drop,
        turnsDropped: dropped,
        turnsKept: kept,
        floor: false,
        steps: [{ step: 'keepTurns', fill: fillAfter, turnsDropped: dropped }],
      };
    },
  };
}

/** Phase 2's default: four turns. */
export function fixedPolicy(budget: number): ContextPolicy {
  return { ...condensePolicy(4, budget), name: 'fixed' };
}

/** Never condenses: the first overflow ends the turn. */
export function failFastPolicy(): ContextPolicy {
  return {
    name: 'failFast',
    failsFast: true,
    dueAhead: () => false,
    plan: () => Promise.reject(new InternalError('the failFast policy does not condense')),
  };
}
