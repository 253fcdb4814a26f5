/**
 * `snapshots record`: renders the chosen manifest runs and writes each snapshot whole (a temporary
 * file, then a rename). With no filter the set is complete, so stale `.snap` files are removed.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../io/files.js';
import { readSnapshot, snapshotFiles, staleFiles } from './folder.js';
import { loadManifest, type ManifestRun } from './manifest.js';
import { renderRun } from './replay.js';
import { isFiltered, selectRuns, type RunFilter } from './select.js';

/** One run's snapshot as recording left it. */
export interface RecordedRun {
  run: ManifestRun;
  path: string;
  state: 'new' | 'changed' | 'unchanged';
  calls: number;
  events: number;
}

export interface RecordReport {
  runs: RecordedRun[];
  /** Stale snapshot files removed, by path. */
  removed: string[];
}

/** Records the chosen runs of the manifest in `dir` into `outDir` (by default `dir` itself). */
export async function recordSnapshots(dir: string, filter: RunFilter, outDir = dir): Promise<RecordReport> {
  const manifest = await loadManifest(dir);
  const runs: RecordedRun[] = [];
  for (const run of selectRuns(manifest, filter)) {
    const { text, calls, events } = await renderRun(run);
    const path = join(outDir, run.file);
    const before = await readSnapshot(outDir, run.file);
    if (before !== text) await writeFileAtomic(path, text);
    const state = before === null ? 'new' : before === text ? 'unchanged' : 'changed';
    runs.push({ run, path, state, calls, events });
  }
  const removed: string[] = [];
  if (!isFiltered(filter)) {
    for (const file of staleFiles(manifest, await snapshotFiles(outDir))) {
      await rm(join(outDir, file));
      removed.push(join(outDir, file));
    }
  }
  return { runs, removed };
}
