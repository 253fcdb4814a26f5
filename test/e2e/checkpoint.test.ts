/** `wisp-eval checkpoint`: a spec's matrix with labelled overrides, its plan, its gate, its bad input. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../records/run-record.js';
import { loadCheckpoint } from '../../runners/cli/commands/checkpoint.js';
import { repoRoot, wispEval } from './cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-checkpoint-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SPEC = `name: goal-check
scenarios: [codename]
strategies:
  - target
  - { name: target, label: target-0.5, set: { context.target: 0.5 } }
windows: [4096]
runs: 2
`;

async function recordsOf(out: string): Promise<RunRecord[]> {
  return (await readFile(join(out, 'runs.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RunRecord);
}

describe('checkpoint SPEC', () => {
  it('runs every cell under its label with its overrides, and records the plan for --resume', async () => {
    const spec = join(dir, 'goal.yaml');
    await writeFile(spec, SPEC);
    const out = join(dir, 'goal');
    const result = await wispEval(['checkpoint', spec, '--out', out, '--jobs', '2']);
    expect(result.exitCode).toBe(0);
    // The end is the cells' table, no row per run (no terminal showed progress), and the gate's line.
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^scenario +strategy +model +window +runs +failed +correct +correct 95% CI /);
    expect(lines.filter((l) => l.startsWith('codename '))).toEqual([
      expect.stringMatching(/^codename +target +reader +4096 +2 +0 /),
      expect.stringMatching(/^codename +target-0\.5 +reader +4096 +2 +0 /),
    ]);
    expect(lines).toContain('gate: none (the spec bounds no figure)');
    const records = await recordsOf(out);
    expect(records.map((r) => r.id).sort()).toEqual([
      'codename.target-0.5.reader.w4096.r0',
      'codename.target-0.5.reader.w4096.r1',
      'codename.target.reader.w4096.r0',
      'codename.target.reader.w4096.r1',
    ]);
    expect(records.find((r) => r.strategy === 'target-0.5')?.settings['context.target']).toBe(0.5);
    expect(records.find((r) => r.strategy === 'target')?.settings['context.target']).toBe(0.6);
    const plan = JSON.parse(await readFile(join(out, 'plan.json'), 'utf8')) as { kind: string; name: string };
    expect(plan).toMatchObject({ kind: 'checkpoint', name: 'goal-check' });
    // Nothing left to do: a resume makes no run and prints the same table.
    const again = await wispEval(['checkpoint', '--resume', out]);
    expect(again.exitCode).toBe(0);
    expect(await recordsOf(out)).toHaveLength(4);
  }, 60_000);

  it('fails its gate with exit 1 and one line per cell outside a bound', async () => {
    const spec = join(dir, 'gated.yaml');
    await writeFile(spec, `${SPEC}gate:\n  - { metric: correct, min: 5, strategy: target-0.5 }\n`);
    const result = await wispEval(['checkpoint', spec, '--out', join(dir, 'gated')]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr.split('\n').filter((l) => l.startsWith('gate:'))).toEqual([
      expect.stringMatching(/^gate: codename target-0\.5 reader 4096: mean correct \d+(\.\d+)? is below 5$/),
    ]);
    expect(result.stdout.split('\n')).toContain('gate: failed, 1 breach of 1 rule');
  }, 60_000);

  it('reads a TypeScript spec written with defineCheckpoint', async () => {
    const spec = join(dir, 'typed.ts');
    await writeFile(
      spec,
      `import { defineCheckpoint } from '${repoRoot}/runners/matrix/checkpoint-spec.ts';\n` +
        `export default defineCheckpoint({ name: 'typed', scenarios: ['codename'], strategies: ['dropping'], windows: [8192] });\n`,
    );
    const loaded = await loadCheckpoint(spec);
    expect(loaded).toMatchObject({ name: 'typed', models: ['reader'], runs: 1, gate: [] });
  });

  it.each([
    [
      'a field the spec does not know',
      'name: x\nscenarios: [codename]\nstrategies: [target]\nwindows: [8192]\ncolour: blue\n',
      /x\.yaml: spec: unknown key 'colour' \(the keys here are name, description, scenarios, strategies, models, windows, runs, gate\)$/,
    ],
    ['a missing field', 'name: x\nscenarios: [codename]\nstrategies: [target]\n', /x\.yaml: windows: /],
    [
      'an unknown strategy',
      'name: x\nscenarios: [codename]\nstrategies: [fastest]\nwindows: [8192]\n',
      /unknown strategy "fastest"/,
    ],
    [
      'a bad override',
      'name: x\nscenarios: [codename]\nstrategies: [{ name: target, label: t, set: { context.target: 2 } }]\nwindows: [8192]\n',
      /context\.target=2 is not allowed/,
    ],
    [
      'an unknown scenario',
      'name: x\nscenarios: [nowhere]\nstrategies: [target]\nwindows: [8192]\n',
      /unknown scenario 'nowhere'/,
    ],
    [
      'a gate rule for a scenario the spec does not run',
      'name: x\nscenarios: [codename]\nstrategies: [target]\nwindows: [8192]\ngate:\n  - { metric: correct, min: 1, scenario: codenme }\n',
      /x\.yaml: gate\.0\.scenario: 'codenme' is not a scenario the spec runs \(codename\)/,
    ],
    [
      'a gate rule for a strategy the spec does not run',
      'name: x\nscenarios: [codename]\nstrategies: [target]\nwindows: [8192]\ngate:\n  - { metric: correct, min: 1, strategy: dropping }\n',
      /x\.yaml: gate\.0\.strategy: 'dropping' is not a strategy the spec runs \(target\)/,
    ],
    [
      'a label that cannot name a folder',
      'name: x\nscenarios: [codename]\nstrategies: [{ name: target, label: "a/b" }]\nwindows: [8192]\n',
      /strategies\.0\.label: a label is letters/,
    ],
  ])('refuses %s with exit 2, one line, and nothing written', async (_what, text, message) => {
    const spec = join(dir, 'x.yaml');
    await writeFile(spec, text);
    const out = join(dir, 'refused');
    const result = await wispEval(['checkpoint', spec, '--out', out]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.split('\n')).toHaveLength(1);
    await expect(readFile(join(out, 'plan.json'))).rejects.toThrow();
  });

  it('names a spec file that is not there', async () => {
    const result = await wispEval(['checkpoint', join(dir, 'none.yaml')]);
    expect(result).toMatchObject({
      exitCode: 2,
      stderr: `wisp-eval: ${join(dir, 'none.yaml')}: cannot read the checkpoint spec: no such file`,
    });
  });
});
