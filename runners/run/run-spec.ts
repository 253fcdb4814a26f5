/**
 * What one run is given: the scenario, the strategy, the model and its window, the run's number, and
 * where it runs (its folder, its commands' sandbox, its workspace pool). A run's id and the moment its
 * scenario time starts follow from these alone, so runs are reproducible.
 */
import type { Scenario } from '../../scenarios/schema.js';
import type { ResolvedStrategy } from '../../strategies/index.js';
import type { WorkspacePool } from '../sandbox/fs-workspace.js';
import type { CommandOptions } from '../sandbox/run-sandbox.js';

/** A scenario and the folder its workspace path is relative to. */
export interface ScenarioSource {
  scenario: Scenario;
  dir: string;
}

/** One cell of the matrix, once: which scenario, strategy, model, window and run number. */
export interface RunSpec {
  scenario: ScenarioSource;
  strategy: ResolvedStrategy;
  model: string;
  window: number;
  run: number;
}

/** Where a run runs. */
export interface RunPlace {
  /** The run's own folder: held-back tool output is kept under it. Without one, in memory. */
  runDir?: string;
  /** How commands run; without it, the sandbox this machine allows (detected) and the default limit. */
  commands?: CommandOptions;
  /** Aborts the model call in progress when it fires; the run is recorded as failed. */
  signal?: AbortSignal;
  /**
   * Where the run takes its workspace from and gives it back, so that a later run can use it again
   * when this one changed nothing; without it, a new copy, removed at the end.
   */
  workspaces?: WorkspacePool;
}

/** Scenario time starts here on every run, so runs are reproducible. */
export const SCENARIO_EPOCH = Date.UTC(2026, 8, 29, 9, 0, 0);

/** A run's id: stable for the same scenario, strategy, model, window and run number. */
export function runId(
  spec: Pick<RunSpec, 'model' | 'window' | 'run'> & { scenario: string; strategy: { name: string } },
): string {
  const raw = `${spec.scenario}.${spec.strategy.name}.${spec.model}.w${spec.window}.r${spec.run}`;
  return raw.replace(/[^A-Za-z0-9._+-]/g, '_');
}
