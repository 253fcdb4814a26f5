/**
 * `snapshots check`: makes the manifest's runs again and compares each rendering with its committed
 * snapshot. Each run is replayed: its model calls are answered from the snapshot's recorded answers,
 * so the check says whether the engine sends the same requests given the same answers, whatever the
 * model would answer now. With `live`, each run is also made on its model and compared, which checks
 * that the model still answers as recorded. Returns what it found, run by run; the command prints it
 * and turns it into an exit status.
 */
import { join } from 'node:path';
import { createModel } from '../models/index.js';
import type { ModelFactory } from '../models/model-factory.js';
import { shortDiff } from '../io/short-diff.js';
import { firstDifference, firstRequestDifference } from './first-difference.js';
import { readSnapshot, snapshotFiles, staleFiles } from './folder.js';
import { SNAPSHOT_VERSION } from './snapshot-format.js';
import { loadManifest, type Manifest, type ManifestRun } from './manifest.js';
import { snapshotVersion } from './parse.js';
import { renderRun, replayRun, type RenderedRun } from './replay.js';
import { isFiltered, selectRuns, type RunFilter } from './select.js';

/** How a run was made for the check: replayed from its snapshot's answers, or live on its model. */
export type CheckMode = 'replayed' | 'live';

/** What the check found for one manifest run, made one way. */
export type RunCheck =
  | { state: 'match'; run: ManifestRun; mode: CheckMode; calls: number; events: number }
  | {
      state: 'differs';
      run: ManifestRun;
      mode: CheckMode;
      calls: number;
      events: number;
      first: string;
      /** The first call whose request differs, or null when every request is as recorded. */
      request: string | null;
      diff: string[];
    }
  | { state: 'missing'; run: ManifestRun; mode: CheckMode }
  | { state: 'old-version'; run: ManifestRun; mode: CheckMode; version: string | null };

/** The whole check: each chosen run (replayed, then live when asked), and the files no run records into. */
export interface CheckReport {
  manifest: Manifest;
  dir: string;
  runs: RunCheck[];
  /** Looked for only when every run is checked. */
  stale: string[];
}

export interface CheckOptions {
  /** Also make each run on its model and compare. */
  live?: boolean;
  /** The models the live runs are made on (the registry's by default). */
  models?: ModelFactory;
}

/** True when everything checked matches and nothing is stale. */
export function checkPassed(report: CheckReport): boolean {
  return report.stale.length === 0 && report.runs.every((r) => r.state === 'match');
}

/** Checks the chosen runs of the manifest in `dir` against their committed snapshots. */
export async function checkSnapshots(
  dir: string,
  filter: RunFilter,
  options: CheckOptions = {},
): Promise<CheckReport> {
  const manifest = await loadManifest(dir);
  const runs: RunCheck[] = [];
  for (const run of selectRuns(manifest, filter)) runs.push(...(await checkRun(dir, run, options)));
  const stale = isFiltered(filter) ? [] : staleFiles(manifest, await snapshotFiles(dir));
  return { manifest, dir, runs, stale };
}

async function checkRun(dir: string, run: ManifestRun, options: CheckOptions): Promise<RunCheck[]> {
  const recorded = await readSnapshot(dir, run.file);
  if (recorded === null) return [{ state: 'missing', run, mode: 'replayed' }];
  const version = snapshotVersion(recorded);
  if (version !== String(SNAPSHOT_VERSION)) return [{ state: 'old-version', run, mode: 'replayed', version }];
  const path = join(dir, run.file);
  const checks = [compared(path, recorded, await replayRun(run, recorded, path), 'replayed')];
  if (options.live) {
    checks.push(compared(path, recorded, await renderRun(run, options.models ?? createModel), 'live'));
  }
  return checks;
}

function compared(path: string, recorded: string, made: RenderedRun, mode: CheckMode): RunCheck {
  const { run, text, calls, events } = made;
  if (text === recorded) return { state: 'match', run, mode, calls, events };
  return {
    state: 'differs',
    run,
    mode,
    calls,
    events,
    first: firstDifference(recorded, text) ?? 'none found',
    request: firstRequestDifference(recorded, text),
    diff: shortDiff(recorded, text, {
      before: `${path} (recorded)`,
      after: `${run.id} (this tree${mode === 'live' ? ', live' : ''})`,
    }),
  };
}
