/**
 * `snapshots diff --against REF`: what a change does to what the model receives. REF's snapshots are
 * recorded by REF's own command line in a temporary git worktree (with this repository's
 * node_modules linked in); the working tree's are rendered here. The worktree and temporary folders
 * are removed whatever happens.
 */
import { execa } from 'execa';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../errors.js';
import { SnapshotRefError, SnapshotRefFailure } from './errors.js';
import { firstDifference, firstRequestDifference } from './first-difference.js';
import { snapshotFiles } from './folder.js';
import { loadManifest, MANIFEST_FILE } from './manifest.js';
import { renderRun } from './replay.js';
import { labelsOf, matchesFilter, type RunFilter } from './select.js';
import { shortDiff } from '../io/short-diff.js';

/** What the change does to one run's snapshot. */
export type RunChange =
  | { id: string; state: 'unchanged' | 'only-ref' | 'only-tree' }
  | { id: string; state: 'changed'; first: string; request: string | null; diff: string[] };

async function git(cwd: string, args: string[]) {
  return execa('git', args, { cwd, reject: false });
}

/** The `--scenario`/`--strategy` arguments that pass `filter` on to REF's command line. */
function filterArgs(filter: RunFilter): string[] {
  return [
    ...filter.scenarios.flatMap((s) => ['--scenario', s]),
    ...filter.strategies.flatMap((s) => ['--strategy', s]),
  ];
}

/**
 * REF's manifest as far as choosing runs needs it: every run's scenario and strategy. Another
 * version's manifest may hold more, or other fields, so the rest is not judged here.
 */
const refManifestSchema = z.looseObject({
  runs: z.array(z.looseObject({ scenario: z.string(), strategy: z.string() })).default([]),
});

/** Whether REF's manifest, read leniently from git, has a run the filter chooses. */
async function refChooses(
  root: string,
  ref: string,
  manifestPath: string,
  filter: RunFilter,
): Promise<boolean> {
  const shown = await git(root, ['show', `${ref}:${manifestPath}`]);
  let value: unknown;
  try {
    value = JSON.parse(shown.stdout);
  } catch {
    return true;
  }
  // REF's own command line judges its manifest; a manifest this one cannot read chooses every run.
  const parsed = refManifestSchema.safeParse(value);
  if (!parsed.success) return true;
  return parsed.data.runs.some((r) => matchesFilter(r, filter));
}

/** REF's snapshots of the chosen runs, by run id, recorded by REF's own command line. */
async function recordAtRef(
  root: string,
  sub: string,
  ref: string,
  manifestPath: string,
  filter: RunFilter,
): Promise<Map<string, string>> {
  const base = await mkdtemp(join(tmpdir(), 'wisp-snapshots-diff-'));
  const tree = join(base, 'tree');
  const out = join(base, 'snapshots');
  try {
    const added = await git(root, ['worktree', 'add', '--detach', tree, ref]);
    if (added.exitCode !== 0)
      throw new SnapshotRefFailure(`--against ${ref}: git worktree add failed: ${added.stderr}`);
    await symlink(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir').catch(
      (thrown: NodeJS.ErrnoException) => {
        // A tree that carries its own node_modules keeps it.
        if (thrown.code !== 'EEXIST') throw thrown;
      },
    );
    const cli = join(tree, 'bin', 'wisp-eval.js');
    const ran = await execa('node', [cli, 'snapshots', 'record', '--out', out, ...filterArgs(filter)], {
      cwd: join(tree, sub),
      reject: false,
      env: { NO_COLOR: '1' },
    });
    const said = ran.stderr.split('\n').find((line) => line.trim() !== '') ?? `exit status ${ran.exitCode}`;
    if (ran.exitCode === 2) {
      if (!(await refChooses(root, ref, manifestPath, filter))) return new Map();
      throw new SnapshotRefError(`--against ${ref}: its snapshots command refused to record: ${said}`);
    }
    if (ran.exitCode !== 0)
      throw new SnapshotRefFailure(`--against ${ref}: recording its snapshots failed: ${said}`);
    const texts = new Map<string, string>();
    for (const file of await snapshotFiles(out)) {
      texts.set(file.replace(/\.snap$/, ''), await readFile(join(out, file), 'utf8'));
    }
    return texts;
  } finally {
    await git(root, ['worktree', 'remove', '--force', tree]);
    await git(root, ['worktree', 'prune']);
    await rm(base, { recursive: true, force: true });
  }
}

/** Compares REF's snapshots of the chosen runs with the working tree's, run by run. */
export async function diffAgainst(ref: string, dir: string, filter: RunFilter): Promise<RunChange[]> {
  const top = await git(process.cwd(), ['rev-parse', '--show-toplevel']);
  if (top.exitCode !== 0)
    throw new SnapshotRefError(`--against ${ref}: this folder is not in a git repository`);
  const root = top.stdout.trim();
  const verified = await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (verified.exitCode !== 0)
    throw new SnapshotRefError(`--against ${ref}: no such commit in this repository`);
  const sub = relative(root, process.cwd());
  const manifestPath = join(relative(root, resolve(dir)), MANIFEST_FILE);
  if ((await git(root, ['cat-file', '-e', `${ref}:${manifestPath}`])).exitCode !== 0) {
    throw new SnapshotRefError(
      `--against ${ref}: its tree has no ${manifestPath}, so no snapshots command to record with`,
    );
  }
  const manifest = await loadManifest(dir);
  const chosen = manifest.runs.filter((run) => matchesFilter(labelsOf(run), filter));
  if (chosen.length === 0 && !(await refChooses(root, ref, manifestPath, filter))) {
    throw new UsageError(`the filters choose no run in ${manifest.file} nor in ${ref}'s manifest`);
  }
  const before = await recordAtRef(root, sub, ref, manifestPath, filter);
  const changes: RunChange[] = [];
  for (const run of chosen) {
    const old = before.get(run.id);
    if (old === undefined) {
      changes.push({ id: run.id, state: 'only-tree' });
      continue;
    }
    const { text } = await renderRun(run);
    if (old === text) {
      changes.push({ id: run.id, state: 'unchanged' });
      continue;
    }
    const first = firstDifference(old, text) ?? 'none found';
    const diff = shortDiff(old, text, { before: `${ref}: ${run.file}`, after: `working tree: ${run.file}` });
    changes.push({ id: run.id, state: 'changed', first, request: firstRequestDifference(old, text), diff });
  }
  const here = new Set(chosen.map((run) => run.id));
  for (const id of [...before.keys()].sort()) if (!here.has(id)) changes.push({ id, state: 'only-ref' });
  return changes;
}
