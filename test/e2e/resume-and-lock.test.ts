/**
 * Results folders under stress: a matrix killed with SIGKILL at several points and resumed each time
 * ends with the records of an uninterrupted run; a folder in use is refused to a second invocation;
 * shards split a plan and cover it.
 */
import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../records/run-record.js';
import { freshFolder } from '../../runners/recording/results-folder.js';
import { repoRoot, wispEval } from './cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-resume-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const MATRIX = [
  '--scenario',
  'codename',
  '--scenario',
  'digression',
  '--strategy',
  'dropping',
  '--strategy',
  'target',
  '--window',
  '8192',
  '--runs',
  '2',
  '--json',
];

/** A record without what differs between two makings of the same run: its times. */
function comparable(record: RunRecord): unknown {
  const { timing: _timing, perTurn, assessment, ...rest } = record;
  return {
    ...rest,
    perTurn: perTurn.map(({ modelMs: _m, toolMs: _t, engineMs: _e, ...turn }) => turn),
    assessment: assessment ? { ...assessment, callMs: 0 } : null,
  };
}

async function records(out: string): Promise<Map<string, unknown>> {
  const text = await readFile(join(out, 'runs.jsonl'), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const lines = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RunRecord);
  return new Map(lines.map((r) => [r.id, comparable(r)]));
}

function start(args: string[]) {
  return execa('node', ['--import', 'tsx', `${repoRoot}/runners/cli/launch.ts`, ...args], {
    cwd: repoRoot,
    reject: false,
    buffer: false,
  });
}

describe('an invocation killed with SIGKILL and resumed', () => {
  it('ends, after five kills at different points, with the records of an uninterrupted run and nothing left over', async () => {
    const whole = join(dir, 'whole');
    expect((await wispEval(['run', ...MATRIX, '--out', whole])).exitCode).toBe(0);
    const expected = await records(whole);
    expect(expected.size).toBe(8);

    const out = join(dir, 'killed');
    const recorded = async () =>
      existsSync(join(out, 'runs.jsonl'))
        ? (await readFile(join(out, 'runs.jsonl'), 'utf8')).split('\n').filter(Boolean).length
        : 0;
    const partial = async () =>
      existsSync(join(out, 'runs')) && (await readdir(join(out, 'runs'))).some((n) => n.endsWith('.partial'));
    // Five different points: the plan just written; a run's folder half made; and after 2, 4 and 6
    // records. Each kill is followed by --resume, which the next point kills in turn.
    const points: (() => Promise<boolean>)[] = [
      async () => existsSync(join(out, 'plan.json')),
      partial,
      async () => (await recorded()) >= 2,
      async () => (await recorded()) >= 4,
      async () => (await recorded()) >= 6,
    ];
    let child = start(['run', ...MATRIX, '--jobs', '2', '--out', out]);
    const seen: number[] = [];
    for (const reached of points) {
      while (!(await reached())) await new Promise((resolve) => setTimeout(resolve, 5));
      child.kill('SIGKILL');
      await child;
      seen.push(await recorded());
      child = start(['run', '--resume', out, '--jobs', '2', '--json']);
    }
    // Each kill left the matrix unfinished.
    expect(seen.every((n) => n < 8)).toBe(true);
    const last = await child;
    expect(last.exitCode).toBe(0);
    expect(await records(out)).toEqual(expected);
    // Every folder under runs/ is a recorded run; no partial folder, temporary file or lock is left.
    const folders = (await readdir(join(out, 'runs'))).sort();
    expect(folders).toEqual([...expected.keys()].sort());
    const everything = await readdir(out, { recursive: true });
    expect(
      everything.filter((p) => p.endsWith('.tmp') || p.endsWith('.partial') || p.endsWith('.lock')),
    ).toEqual([]);
    // report.html joined the parts the last invocation's threads made of its runs with the runs read
    // back from their folders: the same page as one made from the folder alone.
    const joined = await readFile(join(out, 'report.html'), 'utf8');
    expect((await wispEval(['html', out])).exitCode).toBe(0);
    expect(await readFile(join(out, 'report.html'), 'utf8')).toBe(joined);
  }, 120_000);
});

describe('a results folder in use', () => {
  it('is refused to a second invocation, which names the holder and exits 2', async () => {
    const out = join(dir, 'busy');
    // Enough runs that the first is still making them when the second starts; it is killed then.
    const first = start(['run', '--scenario', 'reading', '--runs', '200', '--jobs', '1', '--out', out]);
    while (!existsSync(join(out, 'plan.json'))) await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await wispEval(['run', '--resume', out]);
    first.kill('SIGKILL');
    await first;
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toMatch(new RegExp(`^wisp-eval: ${out} is in use by process ${first.pid} on `));
    expect(second.stderr.split('\n')).toHaveLength(1);
  }, 60_000);

  it('gives two invocations in the same second folders of their own', async () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const [a, b] = await Promise.all([freshFolder(dir, 'codename', now), freshFolder(dir, 'codename', now)]);
    expect(a).not.toBe(b);
    expect([a, b].sort()).toEqual([
      join(dir, 'codename-20261201-100000'),
      join(dir, 'codename-20261201-100000-2'),
    ]);
  });

  it('refuses --out that holds results, pointing at --resume', async () => {
    const out = join(dir, 'twice');
    expect((await wispEval(['run', '--scenario', 'codename', '--out', out])).exitCode).toBe(0);
    const again = await wispEval(['run', '--scenario', 'codename', '--out', out]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toBe(
      `wisp-eval: --out ${out}: the folder already holds results; choose another, or finish them with --resume ${out}`,
    );
  });

  it('names an output path that runs through a file, in one line', async () => {
    const file = join(dir, 'plain-file');
    await writeFile(file, 'x');
    const result = await wispEval(['run', '--scenario', 'codename', '--out', join(file, 'results')]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toBe(
      `wisp-eval: cannot write ${join(file, 'results')}: a part of the path is a file, not a folder`,
    );
  });
});

describe('shards', () => {
  it('split a plan into disjoint slices that together make every run', async () => {
    const ids: string[][] = [];
    for (const shard of ['1/3', '2/3', '3/3']) {
      const out = join(dir, `shard-${shard.replace('/', '-')}`);
      const result = await wispEval(['run', ...MATRIX, '--shard', shard, '--out', out]);
      expect(result.exitCode).toBe(0);
      ids.push([...(await records(out)).keys()]);
    }
    const all = ids.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...(await records(join(dir, 'whole'))).keys()].sort());
    const bad = await wispEval(['run', '--scenario', 'codename', '--shard', '4/3']);
    expect(bad).toMatchObject({
      exitCode: 2,
      stderr: 'wisp-eval: --shard 4/3: give i/n with 1 <= i <= n, e.g. --shard 1/4',
    });
  }, 60_000);
});
