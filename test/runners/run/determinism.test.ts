import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toJsonLines } from '../../../runners/io/files.js';
import { createModel } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';
import { WorkspacePool } from '../../../runners/sandbox/fs-workspace.js';

/** Durations are the only fields allowed to differ between two runs. */
function withoutDurations(jsonl: string): string {
  return jsonl.replace(/"durationMs":[\d.e-]+/g, '"durationMs":0');
}

describe('reproducible runs', () => {
  it.each([
    ['codename', 'dropping', 'reader'],
    ['codename', 'dropping', 'reader-strict'],
    ['reading', 'target+memory', 'reader'],
    // Real commands: the project's test runner prints no timings or paths.
    ['build', 'target', 'reader'],
  ])(
    'gives byte-identical requests and audit events for %s under %s on %s (durations aside)',
    async (name, strategy, model) => {
      const scenario = await resolveScenario(name);
      const spec = { scenario, strategy: resolveStrategy(strategy), model, window: 8192, run: 0 };
      const first = await runScenario(spec, createModel);
      const second = await runScenario(spec, createModel);
      expect(first.record.condensations.length).toBeGreaterThan(0);
      expect(withoutDurations(toJsonLines(second.files.requests))).toBe(
        withoutDurations(toJsonLines(first.files.requests)),
      );
      expect(withoutDurations(toJsonLines(second.files.audit))).toBe(
        withoutDurations(toJsonLines(first.files.audit)),
      );
      // And the durations really were there to differ.
      expect(toJsonLines(first.files.audit)).toMatch(/"durationMs":/);
    },
  );
});

describe('runs that hand their workspaces on', () => {
  it('give the requests and events of runs on copies of their own; a run that edits or runs commands hands nothing on', async () => {
    const pool = new WorkspacePool();
    const made = async (name: string, strategy: string, workspaces?: WorkspacePool) => {
      const scenario = await resolveScenario(name);
      const spec = { scenario, strategy: resolveStrategy(strategy), model: 'reader', window: 8192, run: 0 };
      const { files } = await runScenario(spec, createModel, workspaces ? { workspaces } : {});
      return withoutDurations(toJsonLines(files.requests) + toJsonLines(files.audit));
    };
    try {
      const alone = { codename: await made('codename', 'dropping'), build: await made('build', 'target') };
      // codename only reads: its workspace is kept, and the next codename run takes it.
      expect(await made('codename', 'dropping', pool)).toBe(alone.codename);
      expect(pool.kept).toBe(1);
      expect(await made('codename', 'dropping', pool)).toBe(alone.codename);
      expect(pool.kept).toBe(1);
      // build edits a file and runs the project's tests: its workspace is removed, twice over.
      expect(await made('build', 'target', pool)).toBe(alone.build);
      expect(await made('build', 'target', pool)).toBe(alone.build);
      expect(pool.kept).toBe(1);
    } finally {
      await pool.drain();
    }
    expect(pool.kept).toBe(0);
  });
});

describe('a workspace a command wrote in', () => {
  it('is not handed on: the next run of the template sees none of what the command made', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wisp-pool-'));
    const pool = new WorkspacePool();
    try {
      await mkdir(join(dir, 'ws'));
      await writeFile(join(dir, 'ws', 'kept.md'), 'kept\n');
      const file = (name: string, call: string) =>
        writeFile(
          join(dir, `${name}.yaml`),
          [
            `name: ${name}`,
            'description: One step whose scripted call writes or reads.',
            'workspace: ws',
            'steps:',
            '  - say: Go on.',
            `    script: { toolCalls: [${call}], reply: Done. }`,
          ].join('\n'),
        );
      await file('writes', '{ tool: run_command, arguments: { command: "echo made > made.txt" } }');
      await file('reads', '{ tool: read_file, arguments: { path: made.txt } }');
      const run = async (name: string) => {
        const scenario = await resolveScenario(join(dir, `${name}.yaml`));
        const spec = {
          scenario,
          strategy: resolveStrategy('dropping'),
          model: 'scripted',
          window: 8192,
          run: 0,
        };
        const commands = { timeoutMs: 10_000, sandbox: { kind: 'none' as const, root: false } };
        return (await runScenario(spec, createModel, { workspaces: pool, commands })).files.audit;
      };
      await run('writes');
      expect(pool.kept).toBe(0);
      const audit = JSON.stringify(await run('reads'));
      expect(audit).toContain('there is no file \\"made.txt\\" in the workspace');
      // A run that only reads hands its workspace on.
      expect(pool.kept).toBe(1);
    } finally {
      await pool.drain();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
