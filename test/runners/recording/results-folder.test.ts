/**
 * A results folder never costs a user a file: --out takes only an empty folder or one with results,
 * and --resume clears only what the harness made there, by exact name, without following links.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResultsError } from '../../../records/errors.js';
import { UsageError } from '../../../runners/errors.js';
import {
  createResults,
  folderName,
  freshFolder,
  resumeResults,
} from '../../../runners/recording/results-folder.js';
import { plannedRunIds } from '../../../runners/matrix/plan.js';
import type { PlanFile } from '../../../runners/recording/plan-file.js';
import { makeRecord } from '../../reports/record-fixture.js';
import { codenamePlan } from './plan-fixture.js';

const PLANNED = 'codename.dropping.reader.w8192.r0';
const OTHER_PLANNED = 'codename.dropping.reader.w8192.r1';

const plan = (): PlanFile => codenamePlan(2);

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'wisp-results-folder-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The record of the finished run, whole. */
function finished() {
  return { ...makeRecord({ scenario: 'codename', strategy: 'dropping', window: 8192, run: 0 }), id: PLANNED };
}

/** A results folder as an interrupted invocation leaves it: its plan and one finished run. */
async function interrupted(): Promise<string> {
  const dir = join(root, 'results');
  const folder = await createResults(dir, plan(), 'run');
  await folder.lock.release();
  await mkdir(join(dir, 'runs', PLANNED), { recursive: true });
  await writeFile(join(dir, 'runs.jsonl'), JSON.stringify(finished()) + '\n');
  return dir;
}

describe('--resume', () => {
  it('removes the partial and unrecorded folders of planned runs and its own temporary files', async () => {
    const dir = await interrupted();
    await mkdir(join(dir, 'runs', `${OTHER_PLANNED}.partial`, 'outputs'), { recursive: true });
    await writeFile(join(dir, 'runs', `${OTHER_PLANNED}.partial`, 'outputs', '.c1.77.1.tmp'), 'x');
    await mkdir(join(dir, 'runs', OTHER_PLANNED));
    await writeFile(join(dir, 'summary.md.4242.tmp'), 'half');
    await writeFile(join(dir, 'report.html.17.tmp'), 'half');
    const folder = await resumeResults(dir, 'run --resume', plannedRunIds);
    await folder.lock.release();
    expect([...folder.done.keys()]).toEqual([PLANNED]);
    expect((await readdir(join(dir, 'runs'))).sort()).toEqual([PLANNED]);
    expect((await readdir(dir)).sort()).toEqual(['plan.json', 'runs', 'runs.jsonl']);
  });

  it.each([
    ['an empty object', '{}', 'version'],
    ['a number', '42', 'expected object'],
    ['a record whose probes are null', JSON.stringify({ ...finished(), probes: null }), 'probes'],
  ])('refuses %s appended to runs.jsonl as bad input, naming the file and line', async (_, text, field) => {
    const dir = await interrupted();
    await writeFile(join(dir, 'runs.jsonl'), JSON.stringify(finished()) + '\n' + text + '\n');
    const resumed = resumeResults(dir, 'run --resume', plannedRunIds);
    await expect(resumed).rejects.toThrow(ResultsError);
    await expect(resumed).rejects.toMatchObject({ kind: 'input', code: 'RESULTS_MALFORMED' });
    const message = await resumed.catch((thrown: Error) => thrown.message);
    expect(message).toMatch(new RegExp(`^${join(dir, 'runs.jsonl')}:2: not a run record: .*${field}`));
    expect(message).not.toContain('\n');
    // The lock was given back: the folder can be resumed once the line is mended.
    await writeFile(join(dir, 'runs.jsonl'), JSON.stringify(finished()) + '\n');
    const folder = await resumeResults(dir, 'run --resume', plannedRunIds);
    await folder.lock.release();
    expect([...folder.done.keys()]).toEqual([PLANNED]);
  });

  it('leaves a user’s own files in the folder and under runs/ as they are', async () => {
    const dir = await interrupted();
    await mkdir(join(dir, 'notes'));
    await writeFile(join(dir, 'notes', 'draft.tmp'), 'mine');
    await writeFile(join(dir, 'scratch.tmp'), 'mine');
    await writeFile(join(dir, 'summary.md.tmp'), 'mine');
    await mkdir(join(dir, 'runs', 'mydata'));
    await writeFile(join(dir, 'runs', 'mydata', 'table.csv'), 'a,b\n');
    await writeFile(join(dir, 'runs', 'loose.txt'), 'mine');
    await mkdir(join(dir, 'runs', 'someone-else.partial'));
    const folder = await resumeResults(dir, 'run --resume', plannedRunIds);
    await folder.lock.release();
    expect(await readFile(join(dir, 'notes', 'draft.tmp'), 'utf8')).toBe('mine');
    expect(await readFile(join(dir, 'scratch.tmp'), 'utf8')).toBe('mine');
    expect(await readFile(join(dir, 'summary.md.tmp'), 'utf8')).toBe('mine');
    expect(await readFile(join(dir, 'runs', 'mydata', 'table.csv'), 'utf8')).toBe('a,b\n');
    expect(await readFile(join(dir, 'runs', 'loose.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(dir, 'runs', 'someone-else.partial'))).toBe(true);
  });

  it('follows no link: files behind a link inside the folder are never removed', async () => {
    const dir = await interrupted();
    const elsewhere = join(root, 'elsewhere');
    await mkdir(join(elsewhere, 'deep'), { recursive: true });
    await writeFile(join(elsewhere, 'a.tmp'), 'keep');
    await writeFile(join(elsewhere, 'deep', 'b.tmp'), 'keep');
    await writeFile(join(elsewhere, 'summary.md.99.tmp'), 'keep');
    await symlink(elsewhere, join(dir, 'linked'));
    // A link in a planned run's place is removed as a link; what it points to stays.
    await symlink(elsewhere, join(dir, 'runs', `${OTHER_PLANNED}.partial`));
    const folder = await resumeResults(dir, 'run --resume', plannedRunIds);
    await folder.lock.release();
    expect((await readdir(elsewhere)).sort()).toEqual(['a.tmp', 'deep', 'summary.md.99.tmp']);
    expect(await readdir(join(elsewhere, 'deep'))).toEqual(['b.tmp']);
    expect(existsSync(join(dir, 'linked'))).toBe(true);
    expect(existsSync(join(dir, 'runs', `${OTHER_PLANNED}.partial`))).toBe(false);
  });
});

describe('--out', () => {
  it('refuses a folder that holds files but no results, naming them, and writes nothing there', async () => {
    const dir = join(root, 'mine');
    await mkdir(dir);
    const mine = ['summary.md', 'report.html', 'summary.csv', 'junit.xml', 'turns.csv', 'a', 'b'];
    for (const name of mine) await writeFile(join(dir, name), `my ${name}`);
    const refused = await createResults(dir, plan(), 'run').then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toBe(
      `--out ${dir}: the folder is not empty and holds no results (a, b, junit.xml, report.html, summary.csv and 2 more); give an empty or a new folder`,
    );
    expect((await readdir(dir)).sort()).toEqual([...mine].sort());
    for (const name of mine) expect(await readFile(join(dir, name), 'utf8')).toBe(`my ${name}`);
  });

  it('takes an empty folder, and one holding only a lock left by a killed invocation', async () => {
    const empty = join(root, 'empty');
    await mkdir(empty);
    await (await createResults(empty, plan(), 'run')).lock.release();
    expect(existsSync(join(empty, 'plan.json'))).toBe(true);

    const stale = join(root, 'stale');
    await mkdir(stale);
    await writeFile(
      join(stale, '.lock'),
      JSON.stringify({ pid: 2 ** 22 + 7, host: 'x', command: 'run', since: '' }),
    );
    const refused = await createResults(stale, plan(), 'run').catch((thrown: unknown) => thrown);
    // A lock from another host is not taken over, but the folder is not refused as a user's either.
    expect((refused as Error).message).toMatch(/is in use by process/);
  });

  it('sends a folder that already holds results to --resume', async () => {
    const dir = await interrupted();
    await expect(createResults(dir, plan(), 'run')).rejects.toThrow(
      `--out ${dir}: the folder already holds results; choose another, or finish them with --resume ${dir}`,
    );
  });
});

describe('the name of a new results folder', () => {
  it('joins the scenarios that fit, and names the first and how many more when forty do not', async () => {
    // Forty names joined are past what a file system takes as one name (ENAMETOOLONG).
    const forty = Array.from({ length: 40 }, (_, i) => `scenario-number-${i}`).join('+');
    const parent = await mkdtemp(join(tmpdir(), 'wisp-folder-name-'));
    try {
      const made = await freshFolder(parent, forty);
      expect(basename(made)).toMatch(/^scenario-number-0\+39-more-/);
      expect(await readdir(parent)).toEqual([basename(made)]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
    expect(folderName('codename+digression')).toBe('codename+digression');
    expect(folderName(forty)).toBe('scenario-number-0+39-more');
  });
});
