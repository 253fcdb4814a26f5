/**
 * `snapshots record`: renders the chosen manifest runs and writes each snapshot whole (a temporary
 * file, then a rename). With no filter the set is complete, so stale `.snap` files are removed. With
 * a model, the chosen runs are recorded on that model instead (a real one, behind a server): each
 * becomes a manifest run of its own, which `check` then replays offline.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../io/files.js';
import { checkModelName, createModel } from '../models/index.js';
import type { ModelFactory } from '../models/model-factory.js';
import { SnapshotManifestError } from './errors.js';
import { readSnapshot, snapshotFiles, staleFiles } from './folder.js';
import {
  loadManifest,
  MANIFEST_FILE,
  readManifestFile,
  type ManifestEntry,
  type ManifestRun,
} from './manifest.js';
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
  /** Runs added to the manifest (recording on another model), by where they stand. */
  added: string[];
}

export interface RecordOptions {
  /** Where the snapshots go (by default the manifest's folder). */
  outDir?: string;
  /** Record the chosen runs on this model instead, each as a manifest run of its own. */
  model?: string;
  /** How models are opened (the built-ins by default; a server model needs its server's factory). */
  models?: ModelFactory;
}

/** The manifest entry of `run` on `model`. */
function entryOn(run: ManifestRun, model: string): ManifestEntry {
  return {
    scenario: run.scenario,
    strategy: run.strategy.name,
    ...(Object.keys(run.set).length > 0 ? { set: run.set as Record<string, unknown> } : {}),
    model,
    window: run.window,
    why: `${run.why} (recorded from ${model})`,
  };
}

function sameCell(a: ManifestEntry, b: ManifestEntry): boolean {
  const key = (e: ManifestEntry) => JSON.stringify([e.scenario, e.strategy, e.set ?? {}, e.model, e.window]);
  return key(a) === key(b);
}

/**
 * Adds to `dir`'s manifest a run on `model` for each of `runs` it lacks, and gives back the filter
 * that chooses exactly those runs on `model` once the manifest is read again, and where they stand.
 */
async function addRunsOn(dir: string, runs: readonly ManifestRun[], model: string): Promise<string[]> {
  try {
    checkModelName(model);
  } catch (thrown) {
    throw new SnapshotManifestError(`--model: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
  }
  const path = join(dir, MANIFEST_FILE);
  const raw = await readManifestFile(path);
  const added: string[] = [];
  for (const run of runs) {
    const entry = entryOn(run, model);
    if (raw.runs.some((e) => sameCell(e, entry))) continue;
    raw.runs.push(entry);
    added.push(`runs[${raw.runs.length - 1}]`);
  }
  if (added.length > 0) await writeFileAtomic(path, JSON.stringify(raw, null, 2) + '\n');
  return added;
}

/** Records the chosen runs of the manifest in `dir`. */
export async function recordSnapshots(
  dir: string,
  filter: RunFilter,
  options: RecordOptions = {},
): Promise<RecordReport> {
  const outDir = options.outDir ?? dir;
  let manifest = await loadManifest(dir);
  let chosen = selectRuns(manifest, filter);
  let added: string[] = [];
  if (options.model !== undefined) {
    const model = options.model;
    added = await addRunsOn(dir, chosen, model);
    const cells = chosen.map((run) => entryOn(run, model));
    manifest = await loadManifest(dir);
    chosen = manifest.runs.filter((run) => cells.some((cell) => sameCell(cell, entryOn(run, run.model))));
  }
  const runs: RecordedRun[] = [];
  for (const run of chosen) {
    const { text, calls, events } = await renderRun(run, options.models ?? createModel);
    const path = join(outDir, run.file);
    const before = await readSnapshot(outDir, run.file);
    if (before !== text) await writeFileAtomic(path, text);
    const state = before === null ? 'new' : before === text ? 'unchanged' : 'changed';
    runs.push({ run, path, state, calls, events });
  }
  const removed: string[] = [];
  if (!isFiltered(filter) && options.model === undefined) {
    for (const file of staleFiles(manifest, await snapshotFiles(outDir))) {
      await rm(join(outDir, file));
      removed.push(join(outDir, file));
    }
  }
  return { runs, removed, added };
}
