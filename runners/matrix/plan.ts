/**
 * The plan resolved: scenario and strategy references as a plan keeps them, turned into what an
 * invocation runs, and the slice of runs a shard makes.
 */
import { isAbsolute, resolve } from 'node:path';
import { isScenarioFile, resolveScenario } from '../../scenarios/index.js';
import { resolveStrategy, type ResolvedStrategy } from '../../strategies/index.js';
import type { SettingOverrides } from '../../strategies/setting-names.js';
import { UsageError } from '../errors.js';
import type { PlanFile, StrategyRef } from '../recording/plan-file.js';
import { runId } from '../run/run-spec.js';
import { expandPlan, type InvocationPlan } from './invocation.js';
import { distinctPlan } from './unique-runs.js';

/**
 * A scenario reference as the plan keeps it: a built-in's name, or a file's absolute path (a relative
 * one taken from `base`, the working folder by default).
 */
export function scenarioRef(nameOrPath: string, base = '.'): string {
  return isScenarioFile(nameOrPath) && !isAbsolute(nameOrPath) ? resolve(base, nameOrPath) : nameOrPath;
}

/** Resolves a strategy reference: its name's settings with its overrides, under its label. */
export function resolveStrategyRef(ref: StrategyRef): ResolvedStrategy {
  const resolved = resolveStrategy(ref.name, (ref.set ?? {}) as SettingOverrides);
  return { ...resolved, name: ref.label ?? ref.name };
}

/** `--shard i/n`: the i-th of n slices, counted from 1. */
export function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new UsageError(`--shard ${text}: give i/n with 1 <= i <= n, e.g. --shard 1/4`);
  return { index, count };
}

/** The runs of a shard: every n-th run of the plan's order, starting at the i-th. */
export function inShard<T>(items: readonly T[], shard: PlanFile['shard']): T[] {
  if (shard === null) return [...items];
  return items.filter((_, i) => i % shard.count === shard.index - 1);
}

/**
 * The plan's scenarios and strategies resolved, as an invocation runs them; a value a plan repeats
 * (one written before repeats were kept once) is one value.
 */
export async function resolvePlan(given: PlanFile): Promise<InvocationPlan> {
  const { plan } = distinctPlan(given);
  const scenarios = [];
  for (const ref of plan.scenarios) scenarios.push(await resolveScenario(ref));
  return {
    scenarios,
    strategies: plan.strategies.map(resolveStrategyRef),
    models: plan.models,
    windows: plan.windows,
    runs: plan.runs,
  };
}

/** The ids of every run the plan names, whichever shard makes it: the only run folders it may own. */
export async function plannedRunIds(plan: PlanFile): Promise<ReadonlySet<string>> {
  const specs = expandPlan(await resolvePlan(plan));
  return new Set(specs.map((spec) => runId({ ...spec, scenario: spec.scenario.scenario.name })));
}
