import { execa } from 'execa';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../records/run-record.js';
import { WORKSPACE_PREFIX } from '../../runners/sandbox/fs-workspace.js';
import { repoRoot } from './cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-int-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Starts the command line with `argv` (under --json, so each record is a line on stdout), sends it
 * `signal` once the first record is out, and gives its exit status and what it printed on stderr.
 */
async function interruptedAfterFirstRun(
  argv: string[],
  signal: NodeJS.Signals,
  env: Record<string, string>,
): Promise<{ exitCode: number | undefined; stderr: string }> {
  const child = execa('node', ['--import', 'tsx', `${repoRoot}/runners/cli/launch.ts`, ...argv], {
    cwd: repoRoot,
    reject: false,
    buffer: false,
    env,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve) => child.stdout?.on('data', () => resolve()));
  child.kill(signal);
  const result = await child;
  return { exitCode: result.exitCode, stderr };
}

describe('an interrupted invocation', () => {
  it('keeps every run that finished, each whole, and nothing of the run it stopped', async () => {
    const out = join(dir, 'results');
    const child = execa(
      'node',
      [
        '--import',
        'tsx',
        `${repoRoot}/runners/cli/launch.ts`,
        'run',
        '--scenario',
        'reading',
        '--runs',
        '20',
        // One run at a time: what a stop leaves of the run in progress. Parallel runs stopped and
        // resumed are tested in resume-and-lock.test.ts.
        '--jobs',
        '1',
        '--json',
        '--out',
        out,
      ],
      { cwd: repoRoot, reject: false, buffer: false },
    );
    // Stop it as soon as the first record is out.
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', () => resolve());
    });
    child.kill('SIGTERM');
    const result = await child;
    // Stopped between runs: the status of SIGTERM, and how far it got.
    expect(result.exitCode).toBe(143);
    const lines = (await readFile(join(out, 'runs.jsonl'), 'utf8')).split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThan(20);
    const finished = lines.map((line) => JSON.parse(line) as RunRecord);
    for (const record of finished) {
      expect(record.status).toBe('completed');
      for (const file of ['audit.jsonl', 'requests.jsonl', 'store.json']) {
        expect(existsSync(join(out, 'runs', record.id, file))).toBe(true);
      }
      // Whole: the request log parses line by line and has every call the record counts.
      const requests = (await readFile(join(out, 'runs', record.id, 'requests.jsonl'), 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { purpose: string });
      expect(requests.filter((r) => r.purpose === 'turn')).toHaveLength(record.modelCalls.turn);
    }
    // Of the run it stopped, nothing under a finished run's name: at most its partial folder, and
    // no temporary file anywhere.
    const ids = new Set(finished.map((r) => r.id));
    const folders = await readdir(join(out, 'runs'));
    const unfinished = folders.filter((name) => !ids.has(name));
    expect(unfinished.every((name) => name.endsWith('.partial'))).toBe(true);
    expect(unfinished.length).toBeLessThanOrEqual(1);
    const everything = await readdir(out, { recursive: true });
    expect(everything.filter((path) => path.endsWith('.tmp'))).toEqual([]);
  });

  it('on SIGINT mid-matrix starts no more runs, gives back the lock and workspaces, says how to finish, and --resume finishes', async () => {
    const out = join(dir, 'sigint');
    const workspaces = join(dir, 'tmp');
    await mkdir(workspaces);
    const env = { NO_COLOR: '1', TMPDIR: workspaces };
    const args = ['--import', 'tsx', `${repoRoot}/runners/cli/launch.ts`];
    const matrix = ['--scenario', 'reading', '--strategy', 'dropping', '--strategy', 'target', '--runs', '6'];
    const run = ['run', ...matrix, '--jobs', '2', '--json', '--out', out];
    const { exitCode, stderr } = await interruptedAfterFirstRun(run, 'SIGINT', env);
    expect(exitCode).toBe(130);
    const recorded = (await readFile(join(out, 'runs.jsonl'), 'utf8')).split('\n').filter(Boolean);
    expect(recorded.length).toBeLessThan(12);
    expect(stderr).toContain(
      `interrupted: ${recorded.length} of 12 runs recorded; finish with wisp-eval run --resume ${out}`,
    );
    // No lock, no partial run, no workspace left behind.
    expect(existsSync(join(out, '.lock'))).toBe(false);
    expect((await readdir(join(out, 'runs'))).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect((await readdir(workspaces)).filter((name) => name.startsWith(WORKSPACE_PREFIX))).toEqual([]);

    const resumed = await execa('node', [...args, 'run', '--resume', out, '--json'], {
      cwd: repoRoot,
      reject: false,
      env,
    });
    expect(resumed.exitCode).toBe(0);
    const all = (await readFile(join(out, 'runs.jsonl'), 'utf8')).split('\n').filter(Boolean);
    expect(all).toHaveLength(12);
    expect(new Set(all.map((line) => (JSON.parse(line) as RunRecord).id)).size).toBe(12);
    // Twelve runs of the reading scenario in two invocations: on a shared machine under load, more
    // than the default minute.
  }, 240_000);

  it('on SIGTERM mid-checkpoint exits 143 and names checkpoint --resume, which finishes it and checks the gate', async () => {
    const out = join(dir, 'sigterm');
    const spec = join(dir, 'spec.yaml');
    await writeFile(
      spec,
      'name: term\nscenarios: [reading]\nstrategies: [dropping]\nwindows: [8192]\nruns: 3\ngate:\n  - { metric: alarm, max: 0 }\n',
    );
    const env = { NO_COLOR: '1' };
    const args = ['--import', 'tsx', `${repoRoot}/runners/cli/launch.ts`];
    const checkpoint = ['checkpoint', spec, '--jobs', '1', '--json', '--out', out];
    const { exitCode, stderr } = await interruptedAfterFirstRun(checkpoint, 'SIGTERM', env);
    expect(exitCode).toBe(143);
    const recorded = (await readFile(join(out, 'runs.jsonl'), 'utf8')).split('\n').filter(Boolean);
    expect(recorded.length).toBeLessThan(3);
    expect(stderr).toContain(
      `interrupted: ${recorded.length} of 3 runs recorded; finish with wisp-eval checkpoint --resume ${out}`,
    );
    // The gate waits for the runs that are missing.
    expect(stderr).not.toContain('gate:');
    expect(existsSync(join(out, '.lock'))).toBe(false);

    const resumed = await execa('node', [...args, 'checkpoint', '--resume', out], {
      cwd: repoRoot,
      reject: false,
      env,
    });
    expect(resumed.exitCode).toBe(0);
    expect(resumed.stdout.split('\n').at(-1)).toBe('gate: passed, 1 rule');
    expect((await readFile(join(out, 'runs.jsonl'), 'utf8')).split('\n').filter(Boolean)).toHaveLength(3);
    // Three runs of a long scenario, made by two command lines: more than the default bound on a busy machine.
  }, 180_000);
});
