/**
 * `snapshots check`: replays the manifest's runs and compares each rendering with its committed
 * snapshot. Returns what it found, run by run; the command prints it and turns it into an exit status.
 */
import { join } from 'node:path';
import { firstDifference, firstRequestDifference } from './first-difference.js';
import { readSnapshot, snapshotFiles, staleFiles } from './folder.js';
import { SNAPSHOT_VERSION } from './format.js';
import { loadManifest, type Manifest, type ManifestRun } from './manifest.js';
import { snapshotVersion } from './parse.js';
import { renderRun } from './replay.js';
import { isFiltered, selectRuns, type RunFilter } from './select.js';
import { shortDiff } from '../io/short-diff.js';

/** What the check found for one manifest run. */
export type RunCheck =
  | { state: 'match'; run: ManifestRun; calls: number; events: number }
  | {
      state: 'differs';
      run: ManifestRun;
      calls: number;
      events: number;
      first: string;
      /** The first call whose request differs, or null when every request is as recorded. */
      request: string | null;
      diff: string[];
    }
  | { state: 'missing'; run: ManifestRun }
  | { state: 'old-version'; run: ManifestRun; version: string | null };

/** The whole check: each chosen run, and the snapshot files no run records into. */
export interface CheckReport {
  manifest: Manifest;
  dir: string;
  runs: RunCheck[];
  /** Looked for only when every run is checked. */
  stale: string[];
}

/** True when everything checked matches and nothing is stale. */
export function checkPassed(report: CheckReport): boolean {
  return report.stale.length === 0 && report.runs.every((r) => r.state === 'match');
}

/** Checks the chosen runs of the manifest in `dir` against their committed snapshots. */
export async function checkSnapshots(dir: string, filter: RunFilter): Promise<CheckReport> {
  const manifest = await loadManifest(dir);
  const runs: RunCheck[] = [];
  for (const run of selectRuns(manifest, filter)) runs.push(await checkRun(dir, run));
  const stale = isFiltered(filter) ? [] : staleFiles(manifest, await snapshotFiles(dir));
  return { manifest, dir, runs, stale };
}

async function checkRun(dir: string, run: ManifestRun): Promise<RunCheck> {
  const recorded = await readSnapshot(dir, run.file);
  if (recorded === null) return { state: 'missing', run };
  const version = snapshotVersion(recorded);
  if (version !== String(SNAPSHOT_VERSION)) return { state: 'old-version', run, version };
  const { text, calls, events } = await renderRun(run);
  if (text === recorded) return { state: 'match', run, calls, events };
  return {
    state: 'differs',
    run,
    calls,
    events,
    first: firstDifference(recorded, text) ?? 'none found',
    request: firstRequestDifference(recorded, text),
    diff: shortDiff(recorded, text, {
      before: `${join(dir, run.file)} (recorded)`,
      after: `${run.id} (this tree)`,
    }),
  };
}
