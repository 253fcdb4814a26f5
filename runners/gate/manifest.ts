/**
 * snapshots/manifest.json: the runs whose snapshots are recorded and checked. Each run names a
 * scenario (a built-in name, or a file path relative to the snapshots folder), a strategy with
 * optional setting overrides, a model and a window, and says why it is there. Everything is checked
 * when the manifest is loaded, so a bad manifest is one line naming the file and the field, exit 2.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { isScenarioFile, resolveScenario } from '../../scenarios/index.js';
import type { LoadedScenario } from '../../scenarios/load.js';
import { resolveStrategy, type ResolvedStrategy } from '../../strategies/index.js';
import { checkSetting, type SettingOverrides } from '../../strategies/setting-names.js';
import { checkModelName, checkModelSteps } from '../models/index.js';
import { checkFactSubjects } from '../steps/fact-subjects.js';
import { runId } from '../run/run-spec.js';
import { SnapshotManifestError } from './errors.js';

/** The manifest's file name inside the snapshots folder. */
export const MANIFEST_FILE = 'manifest.json';
/** What every snapshot file's name ends with. */
export const SNAPSHOT_EXTENSION = '.snap';

const runSchema = z.strictObject({
  scenario: z.string().min(1),
  strategy: z.string().min(1),
  set: z.record(z.string(), z.unknown()).optional(),
  model: z.string().min(1),
  window: z.number().int().min(256),
  why: z.string().min(1),
});

const manifestSchema = z.strictObject({ version: z.literal(1), runs: z.array(runSchema).min(1) });

/** A manifest run as written. */
export type ManifestEntry = z.infer<typeof runSchema>;
/** A manifest file as written. */
export type ManifestFile = z.infer<typeof manifestSchema>;

/** A manifest run, checked and resolved, with the snapshot file it is recorded in. */
export interface ManifestRun {
  /** Where the run stands in the manifest: `runs[2]`. */
  where: string;
  /** The scenario as the manifest writes it: a built-in name or a path. */
  scenario: string;
  loaded: LoadedScenario;
  strategy: ResolvedStrategy;
  /** The run's checked overrides of the strategy's settings. */
  set: SettingOverrides;
  model: string;
  window: number;
  why: string;
  /** The run's id, and its snapshot file's name (`<id>.snap`). */
  id: string;
  file: string;
}

/** A loaded manifest: the file it came from and its runs in order. */
export interface Manifest {
  file: string;
  runs: ManifestRun[];
}

/**
 * `file` (a manifest.json) as written, checked against the manifest's schema; throws a
 * {@link SnapshotManifestError} naming the file and the field when it is not a manifest.
 */
export async function readManifestFile(file: string): Promise<ManifestFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (thrown) {
    const reason = thrown instanceof Error ? thrown.message : String(thrown);
    throw new SnapshotManifestError(`${file}: cannot be read as JSON: ${reason}`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new SnapshotManifestError(`${file}: ${describeIssue(parsed.error.issues[0])}`);
  return parsed.data;
}

/** Reads and checks `<dir>/manifest.json`; throws a {@link SnapshotManifestError} on any problem. */
export async function loadManifest(dir: string): Promise<Manifest> {
  const file = join(dir, MANIFEST_FILE);
  const written = await readManifestFile(file);
  const runs: ManifestRun[] = [];
  const byFile = new Map<string, string>();
  for (const [index, entry] of written.runs.entries()) {
    const run = await resolveRun(dir, file, `runs[${index}]`, entry);
    const earlier = byFile.get(run.file);
    if (earlier !== undefined) {
      throw new SnapshotManifestError(
        `${file}: ${run.where}: records into ${run.file}, as ${earlier} does; give one of them another model, window or set`,
      );
    }
    byFile.set(run.file, run.where);
    runs.push(run);
  }
  return { file, runs };
}

async function resolveRun(
  dir: string,
  file: string,
  where: string,
  entry: ManifestEntry,
): Promise<ManifestRun> {
  const at = (field: string, thrown: unknown) =>
    new SnapshotManifestError(
      `${file}: ${where}${field}: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
    );
  const set: SettingOverrides = {};
  for (const [name, value] of Object.entries(entry.set ?? {})) {
    try {
      const [key, checked] = checkSetting(name, value, 'set');
      set[key] = checked;
    } catch (thrown) {
      throw at('.set', thrown);
    }
  }
  let strategy: ResolvedStrategy;
  try {
    strategy = resolveStrategy(entry.strategy, set);
  } catch (thrown) {
    throw at('.strategy', thrown);
  }
  try {
    checkModelName(entry.model);
  } catch (thrown) {
    throw at('.model', thrown);
  }
  let loaded: LoadedScenario;
  try {
    loaded = await resolveScenario(
      isScenarioFile(entry.scenario) ? resolve(dir, entry.scenario) : entry.scenario,
    );
    checkFactSubjects(loaded.scenario, strategy.settings);
    checkModelSteps(loaded.scenario);
  } catch (thrown) {
    throw at('.scenario', thrown);
  }
  const base = runId({
    scenario: loaded.scenario.name,
    strategy,
    model: entry.model,
    window: entry.window,
    run: 0,
  });
  const id = Object.keys(set).length === 0 ? base : `${base}.set-${overridesDigest(set)}`;
  return {
    where,
    scenario: entry.scenario,
    loaded,
    strategy,
    set,
    model: entry.model,
    window: entry.window,
    why: entry.why,
    id,
    file: id + SNAPSHOT_EXTENSION,
  };
}

/** Eight hex digits that stand for a set of overrides, whatever order they were written in. */
export function overridesDigest(set: SettingOverrides): string {
  const sorted = Object.entries(set).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 8);
}

type Issue = z.core.$ZodIssue | undefined;

function describeIssue(issue: Issue): string {
  if (issue === undefined) return 'not a snapshot manifest';
  const where = issue.path
    .map((segment, i) =>
      typeof segment === 'number' ? `[${segment}]` : `${i === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
  let what = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const allowed = issue.path.length === 0 ? 'version, runs' : Object.keys(runSchema.shape).join(', ');
    what = `unknown key ${issue.keys.map((k) => `'${k}'`).join(', ')} (allowed: ${allowed})`;
  } else if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
    what = `missing (expected ${issue.expected})`;
  } else if (issue.code === 'invalid_value' && where === 'version') {
    what = 'this wisp-eval reads manifest version 1';
  }
  return where === '' ? what : `${where}: ${what}`;
}
