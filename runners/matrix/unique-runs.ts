/**
 * Run ids unique by construction. A value given twice on one axis (`--window 8192 --window 8192`, the
 * same scenario file by two paths, one strategy listed twice alike) is one value: the plan keeps it
 * once. Two different values that would still give two runs one id (a label equal to another
 * strategy's name, two scenario files with one `name:`, models whose names differ only in characters
 * a folder name cannot hold) are refused before anything runs, with both sources named, because
 * their runs would land in one folder.
 */
import { isDeepStrictEqual } from 'node:util';
import type { PlanFile, StrategyRef } from '../recording/plan-file.js';
import { UsageError } from '../errors.js';
import { runId } from '../run/run-spec.js';

/** The four axes of a plan whose values name runs. */
export type Axis = 'scenarios' | 'strategies' | 'models' | 'windows';

/** Where a value of an axis came from, for a refusal: `--strategy target`, `spec.yaml: strategies[2]`. */
export type SourceOf = (axis: Axis, index: number) => string;

/** The sources of a `run` command line: each value as its flag. */
export function flagSources(plan: Pick<PlanFile, Axis>): SourceOf {
  const flag = { scenarios: 'scenario', strategies: 'strategy', models: 'model', windows: 'window' } as const;
  return (axis, index) => {
    const value = plan[axis][index];
    const shown = typeof value === 'object' ? value.name : String(value);
    return `--${flag[axis]} ${shown}`;
  };
}

/** The sources of a checkpoint spec: each value as its entry in the file. */
export function specSources(specPath: string, plan: Pick<PlanFile, Axis>): SourceOf {
  return (axis, index) => {
    const value = plan[axis][index];
    const shown = typeof value === 'object' ? strategyShown(value) : String(value);
    return `${specPath}: ${axis}[${index}] (${shown})`;
  };
}

function strategyShown(ref: StrategyRef): string {
  return ref.label !== undefined ? `${ref.name} labelled ${ref.label}` : ref.name;
}

/** A strategy's values as compared: a label equal to its name is no label. */
function strategyKey(ref: StrategyRef): StrategyRef {
  return {
    name: ref.name,
    ...(ref.label !== undefined && ref.label !== ref.name ? { label: ref.label } : {}),
    ...(ref.set !== undefined && Object.keys(ref.set).length > 0 ? { set: ref.set } : {}),
  };
}

/** The indices of the first of each distinct value of `values`, in order. */
function firstOfEach<T>(values: readonly T[], same: (a: T, b: T) => boolean): number[] {
  const kept: number[] = [];
  values.forEach((value, i) => {
    if (!kept.some((k) => same(values[k] as T, value))) kept.push(i);
  });
  return kept;
}

/** A plan with each axis's repeated values kept once, and where each kept value was in the original. */
export interface DistinctPlan<P extends Pick<PlanFile, Axis>> {
  plan: P;
  /** For each axis, the original index of each value the plan kept. */
  kept: Record<Axis, number[]>;
}

/** Keeps each axis's equal values once; the first of them keeps its place. */
export function distinctPlan<P extends Pick<PlanFile, Axis>>(plan: P): DistinctPlan<P> {
  const kept: Record<Axis, number[]> = {
    scenarios: firstOfEach(plan.scenarios, (a, b) => a === b),
    strategies: firstOfEach(plan.strategies, (a, b) => isDeepStrictEqual(strategyKey(a), strategyKey(b))),
    models: firstOfEach(plan.models, (a, b) => a === b),
    windows: firstOfEach(plan.windows, (a, b) => a === b),
  };
  const pick = <T>(values: readonly T[], axis: Axis): T[] => kept[axis].map((i) => values[i] as T);
  return {
    plan: {
      ...plan,
      scenarios: pick(plan.scenarios, 'scenarios'),
      strategies: pick(plan.strategies, 'strategies'),
      models: pick(plan.models, 'models'),
      windows: pick(plan.windows, 'windows'),
    },
    kept,
  };
}

/**
 * Refuses a plan two of whose cells would have one run id, naming the values of both that differ by
 * their sources. `scenarioNames` are the names the plan's scenarios run under, in its order (a file's
 * `name:`); `kept` maps the plan's values to their sources' indices.
 */
export function checkRunIds(
  plan: Pick<PlanFile, Axis>,
  scenarioNames: readonly string[],
  kept: Record<Axis, number[]>,
  sourceOf: SourceOf,
): void {
  const seen = new Map<string, Record<Axis, number>>();
  plan.scenarios.forEach((_, scenarios) =>
    plan.strategies.forEach((strategy, strategies) =>
      plan.models.forEach((model, models) =>
        plan.windows.forEach((window, windows) => {
          const cell = { scenarios, strategies, models, windows };
          const id = runId({
            scenario: scenarioNames[scenarios] ?? '',
            strategy: { name: strategy.label ?? strategy.name },
            model,
            window,
            run: 0,
          }).replace(/\.r0$/, '');
          const earlier = seen.get(id);
          if (earlier === undefined) {
            seen.set(id, cell);
            return;
          }
          const differ = (Object.keys(cell) as Axis[]).filter((axis) => cell[axis] !== earlier[axis]);
          const source = (which: Record<Axis, number>) =>
            differ.map((axis) => sourceOf(axis, kept[axis][which[axis]] ?? which[axis])).join(' with ');
          throw new UsageError(
            `runs ${id}.r*: ${source(earlier)} and ${source(cell)} would share these run ids; ` +
              'give each a name of its own (a scenario its own name:, a strategy its own label)',
          );
        }),
      ),
    ),
  );
}
