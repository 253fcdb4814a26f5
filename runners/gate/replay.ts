/**
 * Making a manifest run in this process and rendering its snapshot: live, on its model, or replayed
 * from a snapshot's recorded answers. The run gets no run folder,
 * so nothing is written: held-back outputs stay in memory and the workspace is a temporary copy
 * that the run removes.
 */
import { builtinOrNull, createModel } from '../models/index.js';
import { replayFactory } from '../models/replay/index.js';
import { runScenario } from '../run/run-scenario.js';
import { type ModelFactory } from '../models/model-factory.js';
import { renderSnapshot } from './snapshot-format.js';
import type { ManifestRun } from './manifest.js';
import { SnapshotRecording } from './recorded-answers.js';

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

/**
 * Runs a manifest run with every model call answered from the snapshot text `recorded` (read from
 * `where`), by place, and renders its snapshot: what the engine sends, given the same answers.
 */
export function replayRun(run: ManifestRun, recorded: string, where: string): Promise<RenderedRun> {
  return renderRun(run, replayFactory(new SnapshotRecording(where, recorded), builtinOrNull));
}
