/**
 * The reports a run writes, `report` over shards and `compare` with its gates, end to end on the
 * reader: what is printed, what is written, and the exit status of every bad input.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO } from '../../runners/cli/io.js';
import { main } from '../../runners/cli/main.js';
import { junitProblems } from '../reports/junit-shape.js';
import { wispEval } from './cli.js';

let dir: string;
let a: string;
let b: string;
/** target at 8,192 tokens on two models: reader and reader-counting. */
let c: string;
let stepSummary: string;

async function cli(args: string[], env: Record<string, string> = {}) {
  const io = bufferIO();
  const status = await main(args, io, env);
  return { status, stdout: io.stdout, stderr: io.stderr };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-report-compare-'));
  a = join(dir, 'a');
  b = join(dir, 'b');
  c = join(dir, 'c');
  stepSummary = join(dir, 'step-summary.md');
  const common = ['run', '--scenario', 'codename', '--runs', '2', '--json'];
  const first = await cli([...common, '--strategy', 'dropping', '--strategy', 'target', '--out', a], {
    GITHUB_STEP_SUMMARY: stepSummary,
  });
  expect(first.status).toBe(0);
  const second = await cli([
    ...common,
    '--strategy',
    'target',
    '--window',
    '8192',
    '--window',
    '32768',
    '--out',
    b,
  ]);
  expect(second.status).toBe(0);
  const third = await cli([
    ...common,
    '--strategy',
    'target',
    '--model',
    'reader',
    '--model',
    'reader-counting',
    '--out',
    c,
  ]);
  expect(third.status).toBe(0);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the reports of a run', () => {
  it('are written into the results folder when the run ends', async () => {
    const files = await readdir(a);
    expect(files.sort()).toEqual([
      'junit.xml',
      'plan.json',
      'report.html',
      'runs',
      'runs.jsonl',
      'summary.csv',
      'summary.md',
      'turns.csv',
    ]);
    const summary = (await readFile(join(a, 'summary.csv'), 'utf8')).trimEnd().split('\n');
    expect(summary).toHaveLength(3);
    expect(summary[1]).toMatch(/^codename,dropping,reader,8192,2,0,2,2,0,2,2,2,2,/);
    const turns = (await readFile(join(a, 'turns.csv'), 'utf8')).trimEnd().split('\n');
    expect(turns).toHaveLength(1 + 4 * 12); // four runs of twelve turns
    expect(junitProblems(await readFile(join(a, 'junit.xml'), 'utf8'))).toEqual([]);
  });

  it("append the Markdown summary to GitHub's step summary when it is named", async () => {
    const text = await readFile(stepSummary, 'utf8');
    expect(text).toBe((await readFile(join(a, 'summary.md'), 'utf8')) + '\n');
    expect(text).toContain('| codename | dropping | reader | 8192 | 2 | 0 | 2.00 ± 0.00 | [2.00, 2.00] |');
  });
});

describe('wisp-eval report', () => {
  it('combines shards into the reports one folder would have had, and prints the summary', async () => {
    const lines = (await readFile(join(a, 'runs.jsonl'), 'utf8')).trimEnd().split('\n');
    const shards = [join(dir, 'shard-1'), join(dir, 'shard-2')];
    await mkdir(shards[0] ?? '', { recursive: true });
    await mkdir(shards[1] ?? '', { recursive: true });
    await writeFile(join(shards[0] ?? '', 'runs.jsonl'), lines.slice(0, 3).join('\n') + '\n');
    // A run in both shards, recorded identically, is read once.
    await writeFile(join(shards[1] ?? '', 'runs.jsonl'), lines.slice(2).join('\n') + '\n');
    const out = join(dir, 'combined');
    const { status, stdout } = await cli(['report', ...shards, '--out', out]);
    expect(status).toBe(0);
    expect(stdout[0]).toMatch(
      /^scenario\s+strategy\s+model\s+window\s+runs\s+failed\s+correct\s+correct 95% CI/,
    );
    expect(stdout[2]).toMatch(
      /^codename\s+dropping\s+reader\s+8192\s+2\s+0\s+2\.00 ± 0\.00\s+\[2\.00, 2\.00\]/,
    );
    expect(stdout.at(-1)).toBe(
      `reports: ${['summary.csv', 'turns.csv', 'summary.md', 'junit.xml', 'report.html'].map((f) => join(out, f)).join(', ')}`,
    );
    for (const file of ['summary.csv', 'turns.csv', 'summary.md', 'junit.xml'])
      expect(await readFile(join(out, file), 'utf8')).toBe(await readFile(join(a, file), 'utf8'));
  });

  it('writes into the first folder without --out, and prints JSON lines with --json', async () => {
    const copy = join(dir, 'copy');
    await mkdir(copy);
    await writeFile(join(copy, 'runs.jsonl'), await readFile(join(b, 'runs.jsonl')));
    const { status, stdout, stderr } = await cli(['report', copy, '--json']);
    expect(status).toBe(0);
    expect(stdout.map((l) => (JSON.parse(l) as { window: number }).window)).toEqual([8192, 32768]);
    expect(stderr).toEqual([expect.stringMatching(/^reports: .*summary\.csv/)]);
    expect((await readdir(copy)).sort()).toEqual([
      'junit.xml',
      'report.html',
      'runs.jsonl',
      'summary.csv',
      'summary.md',
      'turns.csv',
    ]);
  });

  it('refuses one run recorded differently in two folders, naming both', async () => {
    const { status, stderr } = await cli(['report', a, b]);
    expect(status).toBe(2);
    expect(stderr).toHaveLength(1);
    // Runs made in parallel are appended in the order they finish, so which shared run is met first
    // varies: the line must name one run and the line that records it in each folder.
    const match =
      /^wisp-eval: run (\S+) is recorded twice(?: with different content|, differing only in its timings): (\S+):(\d+) and (\S+):(\d+)(?:; give --prefer first or --prefer last)?$/.exec(
        stderr[0] ?? '',
      );
    expect(match?.[2]).toBe(join(a, 'runs.jsonl'));
    expect(match?.[4]).toBe(join(b, 'runs.jsonl'));
    const lineOf = async (file: string, line: string | undefined) =>
      (await readFile(file, 'utf8')).split('\n')[Number(line) - 1] ?? '';
    expect(await lineOf(join(a, 'runs.jsonl'), match?.[3])).toContain(`"id":"${match?.[1]}"`);
    expect(await lineOf(join(b, 'runs.jsonl'), match?.[5])).toContain(`"id":"${match?.[1]}"`);
  });
});

describe('wisp-eval compare', () => {
  it('sets two folders side by side on their common cells and names the others', async () => {
    const { status, stdout } = await cli(['compare', a, b]);
    expect(status).toBe(0);
    expect(stdout[0]).toMatch(
      /^scenario\s+strategy\s+model\s+window\s+pairs\s+figure\s+baseline\s+candidate\s+change\s+95% CI\s+p$/,
    );
    expect(stdout[2]).toMatch(
      /^codename\s+target\s+reader\s+8192\s+2\s+correct\s+3\.00\s+3\.00\s+0\.00\s+\[0\.00, 0\.00\]\s+1\.000$/,
    );
    expect(stdout).toContain('only in the baseline: codename dropping reader w8192');
    expect(stdout).toContain('only in the candidate: codename target reader w32768');
  });

  it('compares two strategies of one folder, and exits 1 when a threshold is crossed', async () => {
    const args = ['compare', a, '--baseline-strategy', 'dropping', '--candidate-strategy', 'target'];
    // dropping at 8,192 tokens: 2 of 5 right and 1 wrong; target: 3 right, none wrong.
    const passing = await cli([...args, '--fail-if', 'score-drop=0', '--fail-if', 'wrong-rise=0']);
    expect(passing.status).toBe(0);
    expect(passing.stdout[2]).toMatch(
      /^codename\s+dropping -> target\s+reader\s+8192\s+2\s+correct\s+2\.00\s+3\.00\s+\+1\.00\s+\[\+1\.00, \+1\.00\]\s+0\.500$/,
    );
    const failing = await cli([...args, '--fail-if', 'score-rise=0.5', '--fail-if', 'tokens-drop=10%']);
    expect(failing.status).toBe(1);
    expect(failing.stdout.filter((l) => l.startsWith('failed'))).toEqual([
      'failed --fail-if score-rise=0.5: codename dropping -> target reader w8192: 2.00 -> 3.00, rose by 1.00, more than 0.50',
      expect.stringMatching(/^failed --fail-if tokens-drop=10%: codename dropping -> target reader w8192: /),
    ]);
  });

  it('compares two windows of one folder, the strategy and model matching', async () => {
    const { status, stdout } = await cli([
      'compare',
      b,
      '--baseline-window',
      '8192',
      '--candidate-window',
      '32768',
    ]);
    expect(status).toBe(0);
    // target on codename makes the same answers at both windows, in fewer calls at the larger one.
    expect(stdout[2]).toMatch(
      /^codename\s+target\s+reader\s+8192 -> 32768\s+2\s+correct\s+3\.00\s+3\.00\s+0\.00\s+\[0\.00, 0\.00\]\s+1\.000$/,
    );
    expect(stdout.find((l) => /\scalls\s/.test(l))).toMatch(/\s24\.00\s+18\.00\s+-6\.00\s/);
    expect(stdout.some((l) => l.startsWith('only in'))).toBe(false);
    const gated = await cli([
      'compare',
      b,
      '--baseline-window',
      '8192',
      '--candidate-window',
      '32768',
      '--fail-if',
      'calls-drop=5',
    ]);
    expect(gated.status).toBe(1);
    expect(gated.stdout.at(-1)).toBe(
      'failed --fail-if calls-drop=5: codename target reader w8192 -> 32768: 24.00 -> 18.00, fell by 6.00, more than 5.00',
    );
  });

  it('compares two models of one folder, and names both in the JSON', async () => {
    const args = ['compare', c, '--baseline-model', 'reader', '--candidate-model', 'reader-counting'];
    const { status, stdout } = await cli(args);
    expect(status).toBe(0);
    expect(stdout[2]).toMatch(
      /^codename\s+target\s+reader -> reader-counting\s+8192\s+2\s+correct\s+3\.00\s+3\.00\s+0\.00\s+/,
    );
    const json = await cli([...args, '--json']);
    const parsed = JSON.parse(json.stdout[0] ?? '') as { cells: Record<string, unknown>[] };
    expect(parsed.cells).toHaveLength(1);
    expect(parsed.cells[0]).toMatchObject({
      model: 'reader',
      candidateModel: 'reader-counting',
      window: 8192,
      candidateWindow: 8192,
      pairs: 2,
    });
  });

  it('prints the whole comparison as one JSON object with --json', async () => {
    const { status, stdout } = await cli(['compare', a, b, '--json', '--fail-if', 'wrong-rise=0']);
    expect(status).toBe(0);
    expect(stdout).toHaveLength(1);
    const json = JSON.parse(stdout[0] ?? '') as {
      version: number;
      cells: { figures: Record<string, { pairs: number; p: number }> }[];
      onlyInCandidate: unknown[];
      breaches: unknown[];
    };
    expect(json.version).toBe(1);
    expect(json.cells[0]?.figures['tokens-reported']).toMatchObject({ pairs: 2, p: 1 });
    expect(json.onlyInCandidate).toHaveLength(1);
    expect(json.breaches).toEqual([]);
  });

  it.each([
    [
      'a bad threshold',
      (x: string) => ['compare', x, x, '--fail-if', 'score<1'],
      /--fail-if score<1: expected FIGURE-drop=AMOUNT/,
    ],
    ['a missing folder', (x: string) => ['compare', x, join(dir, 'nowhere')], /nowhere: no such folder$/],
    ['a folder without runs.jsonl', () => ['compare', dir, dir], /: no runs\.jsonl in the folder$/],
    [
      'no cell in common',
      (x: string) => ['compare', x, join(dir, 'other')],
      /have no cell in common to compare$/,
    ],
    [
      'one folder and no strategies',
      (x: string) => ['compare', x],
      /name two results folders, or one with --baseline-AXIS and --candidate-AXIS/,
    ],
    [
      'half of a strategy pair',
      (x: string) => ['compare', x, '--baseline-strategy', 'target'],
      /give both --baseline-strategy and --candidate-strategy/,
    ],
    [
      'a strategy the folder lacks',
      (x: string) => ['compare', x, '--baseline-strategy', 'nope', '--candidate-strategy', 'target'],
      /--baseline-strategy nope: no runs of it in .* \(it has dropping, target\)/,
    ],
    [
      'half of a model pair',
      (x: string) => ['compare', x, '--candidate-model', 'reader'],
      /give both --baseline-model and --candidate-model/,
    ],
    [
      'a window the folder lacks',
      (x: string) => ['compare', x, '--baseline-window', '8192', '--candidate-window', '4096'],
      /--candidate-window 4096: no runs of it in .* \(it has 8192\)/,
    ],
    [
      'a window not in decimal',
      (x: string) => ['compare', x, '--baseline-window', '8k', '--candidate-window', '4096'],
      /--baseline-window "8k": give a whole number in decimal digits/,
    ],
    [
      'two axes at once',
      (x: string) => [
        'compare',
        x,
        '--baseline-strategy',
        'dropping',
        '--candidate-strategy',
        'target',
        '--baseline-window',
        '8192',
        '--candidate-window',
        '32768',
      ],
      /one axis at a time; --baseline-strategy\/--candidate-strategy and --baseline-window\/--candidate-window/,
    ],
  ])('refuses %s with exit 2 and one line', async (_name, args, message) => {
    const other = join(dir, 'other');
    await mkdir(other, { recursive: true });
    await writeFile(
      join(other, 'runs.jsonl'),
      (await readFile(join(b, 'runs.jsonl'), 'utf8')).replace(/"model":"reader"/g, '"model":"reader-strict"'),
    );
    const { status, stdout, stderr } = await cli(args(a));
    expect(status).toBe(2);
    expect(stdout).toEqual([]);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(message);
  });

  it('refuses a malformed runs.jsonl naming the file and line, from the real command line', async () => {
    const broken = join(dir, 'broken');
    await mkdir(broken);
    const lines = (await readFile(join(a, 'runs.jsonl'), 'utf8')).split('\n');
    await writeFile(join(broken, 'runs.jsonl'), [lines[0], '{"version":1,"id":"x"}', lines[1]].join('\n'));
    const result = await wispEval(['compare', a, broken]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `wisp-eval: ${join(broken, 'runs.jsonl')}:2: not a run record: scenario: Invalid input: expected string, received undefined`,
    );
  });
});
