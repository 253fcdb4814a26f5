/**
 * Choosing manifest runs with `--scenario` and `--strategy`. A run is chosen when its scenario (by
 * name, or by the path the manifest writes) is one of those given and its strategy is one of those
 * given; an empty list chooses every run. A filter value that chooses nothing is bad input.
 */
import { UsageError } from '../errors.js';
import type { Manifest, ManifestRun } from './manifest.js';

/** The `--scenario` and `--strategy` values; empty lists leave that side unfiltered. */
export interface RunFilter {
  scenarios: readonly string[];
  strategies: readonly string[];
}

/** No filter: every run of the manifest. */
export const EVERY_RUN: RunFilter = { scenarios: [], strategies: [] };

/** True when the filter narrows the manifest at all. */
export function isFiltered(filter: RunFilter): boolean {
  return filter.scenarios.length > 0 || filter.strategies.length > 0;
}

/** What a filter matches a run on: the scenario as written and by name, and the strategy's name. */
export interface RunLabels {
  scenario: string;
  scenarioName?: string;
  strategy: string;
}

function scenarioMatches(run: RunLabels, value: string): boolean {
  return run.scenario === value || run.scenarioName === value;
}

/** True when `run` is chosen by `filter`. */
export function matchesFilter(run: RunLabels, filter: RunFilter): boolean {
  const scenario = filter.scenarios.length === 0 || filter.scenarios.some((s) => scenarioMatches(run, s));
  const strategy = filter.strategies.length === 0 || filter.strategies.includes(run.strategy);
  return scenario && strategy;
}

/** The manifest's labels for a run. */
export function labelsOf(run: ManifestRun): RunLabels {
  return { scenario: run.scenario, scenarioName: run.loaded.scenario.name, strategy: run.strategy.name };
}

/**
 * The runs `filter` chooses, in manifest order. Throws a UsageError when a value matches no run of
 * the manifest, or when the values together choose none.
 */
export function selectRuns(manifest: Manifest, filter: RunFilter): ManifestRun[] {
  const labels = manifest.runs.map(labelsOf);
  for (const value of filter.scenarios) {
    if (labels.some((run) => scenarioMatches(run, value))) continue;
    const known = [...new Set(labels.map((run) => run.scenario))].join(', ');
    throw new UsageError(
      `--scenario ${value}: no run in ${manifest.file} has it; its scenarios are ${known}`,
    );
  }
  for (const value of filter.strategies) {
    if (labels.some((run) => run.strategy === value)) continue;
    const known = [...new Set(labels.map((run) => run.strategy))].join(', ');
    throw new UsageError(
      `--strategy ${value}: no run in ${manifest.file} has it; its strategies are ${known}`,
    );
  }
  const chosen = manifest.runs.filter((run) => matchesFilter(labelsOf(run), filter));
  if (chosen.length === 0) {
    const given = [
      ...filter.scenarios.map((s) => `--scenario ${s}`),
      ...filter.strategies.map((s) => `--strategy ${s}`),
    ];
    throw new UsageError(
      `${given.join(' ')}: no run in ${manifest.file} has both that scenario and that strategy`,
    );
  }
  return chosen;
}
