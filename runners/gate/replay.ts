/**
 * Replaying a manifest run in this process and rendering its snapshot. The run gets no run folder,
 * so nothing is written: held-back outputs stay in memory and the workspace is a temporary copy
 * that the run removes.
 */
import { createModel } from '../models/index.js';
import { runScenario } from '../run/run-scenario.js';
import { type ModelFactory } from '../models/model-factory.js';
import { renderSnapshot } from './snapshot-format.js';
import type { ManifestRun } from './manifest.js';

/** A run's snapshot text and how many model calls and audit events it holds. */
export interface RenderedRun {
  run: ManifestRun;
  text: string;
  calls: number;
  events: number;
}

/** Runs a manifest run once and renders its snapshot. */
export async function renderRun(run: ManifestRun, models: ModelFactory = createModel): Promise<RenderedRun> {
  const spec = { scenario: run.loaded, strategy: run.strategy, model: run.model, window: run.window, run: 0 };
  const outcome = await runScenario(spec, models);
  const calls = outcome.files.timeline.filter((item) => item.kind === 'call').length;
  return { run, text: renderSnapshot(outcome, run), calls, events: outcome.files.timeline.length - calls };
}
