/**
 * Condensing to a target (the default policy). A request is due when the context, the prompt and
 * the headroom reach the budget; the condensation then brings the context down to its goal, taking
 * the cheapest step first and measuring after each: references, then distilling and dropping the
 * oldest turns, then the floor of one literal turn. It always ends: every pass drops at least one
 * turn or stops.
 */
import type { CondensationStep } from '../audit/events.js';
import type { Entry } from '../store/entry.js';
import { groupTurns, type TurnGroup } from '../store/turns.js';
import type { ContextPolicy, CondenseInput, CondensePlan } from './policy.js';

export interface TargetSettings {
  budget: number;
  target: number;
  targetMargin: number;
}

/** The target share actually used: never above the budget less the margin. */
export function cappedTarget(settings: TargetSettings): number {
  return Math.max(0, Math.min(settings.target, settings.budget - settings.targetMargin));
}

/**
 * The goal in tokens: the capped target, or less when the prompt and the headroom need more room
 * under the budget. The cap is applied here, so a target set anywhere is capped.
 */
export function goalFor(settings: TargetSettings, window: number, prompt: number, headroom: number): number {
  const target = cappedTarget(settings) * window;
  const underBudget = settings.budget * window - prompt - headroom;
  return Math.max(0, Math.floor(Math.min(target, underBudget)));
}

/** Tokens a turn needs beyond its prompt: its tool calls, its outputs whole, and its reply. */
function turnNeed(group: TurnGroup, tokensOf: (text: string) => number): number {
  let tokens = 0;
  for (const entry of group.entries) {
    if (entry.kind === 'toolCall' || entry.kind === 'toolOutput' || entry.kind === 'reply')
      tokens += tokensOf(entry.text);
  }
  return tokens;
}

/**
 * The headroom: the average need of the latest `turns` turns of the whole store (dropped turns
 * included, failed attempts left out), so one short or long turn does not swing it.
 */
export function headroomFor(
  all: readonly Entry[],
  turns: number,
  tokensOf: (text: string) => number,
): number {
  const recorded = all.filter((e) => !e.droppedBy?.startsWith(RETRIED_PREFIX));
  const groups = groupTurns(recorded).turns.slice(-Math.max(1, turns));
  if (groups.length === 0) return 0;
  const total = groups.reduce((n, g) => n + turnNeed(g, tokensOf), 0);
  return Math.round(total / groups.length);
}

/** Marks entries of a turn's attempt that overflowed and was run again: not part of any turn's size. */
export const RETRIED_PREFIX = 'retried:';

/** The target policy. */
export function targetPolicy(settings: TargetSettings): ContextPolicy {
  return {
    name: 'target',
    failsFast: false,
    dueAhead: (c) => c.fill + c.prompt + c.headroom >= settings.budget * c.window,
    plan: (input) => planToTarget(settings, input),
  };
}

async function planToTarget(settings: TargetSettings, input: CondenseInput): Promise<CondensePlan> {
  const goal = goalFor(settings, input.window, input.prompt, input.headroom);
  const steps: CondensationStep[] = [];
  const dropped = new Set<number>();
  const fillBefore = await input.measure(dropped);
  let fill = fillBefore;

  // 1. References: the guarantee that no earlier output is still whole.
  if (input.referenceEarlier) {
    const referenced = input.referenceEarlier();
    fill = await input.measure(dropped);
    steps.push({ step: 'references', fill, referenced });
  }

  // 2. Distil, then drop the fewest oldest turns that reach the goal; never the last one.
  const { turns } = groupTurns(input.entries);
  let next = 0;
  let turnsDropped = 0;
  while (fill > goal && turns.length - next > 1) {
    let take = 1;
    for (; next + take < turns.length - 1; take++) {
      const trial = new Set([...dropped, ...idsOf(turns.slice(next, next + take))]);
      if ((await input.measure(trial)) <= goal) break;
    }
    const leaving = turns.slice(next, next + take);
    await input.beforeDrop?.(leaving.flatMap((g) => g.entries));
    for (const id of idsOf(leaving)) dropped.add(id);
    next += take;
    turnsDropped += take;
    fill = await input.measure(dropped);
    steps.push({ step: 'drop', fill, turnsDropped: take });
  }

  // 3. The floor: one literal turn left and still above the goal.
  let floor = false;
  if (fill > goal) {
    const squeezed = input.squeeze?.(dropped) ?? false;
    if (squeezed) fill = await input.measure(dropped);
    floor = fill > goal;
    steps.push({ step: 'floor', fill, squeezed });
  }
  return {
    goal,
    fillBefore,
    fillAfter: fill,
    drop: [...dropped],
    turnsDropped,
    turnsKept: turns.length - next,
    floor,
    steps,
  };
}

function idsOf(groups: readonly TurnGroup[]): number[] {
  return groups.flatMap((g) => g.entries.map((e) => e.id));
}
