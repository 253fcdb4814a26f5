import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../../scenarios/index.js';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-cli-'));
  await writeFile(
    join(dir, 'ok.yaml'),
    'name: tiny\ndescription: two steps\nsteps:\n  - say: The sky is green today.\n  - ask: What colour is the sky today?\n    id: sky\n    expect: { any: [green] }\n',
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the command line', () => {
  it.each([
    [['list', 'bogus'], 'wisp-eval: what: "bogus" is not one of "scenarios", "strategies", "models"'],
    [['snapshots', 'bogus'], 'wisp-eval: action: "bogus" is not one of "check", "record", "diff"'],
  ])('refuses %j with exit 2 and one line', async (args, line) => {
    const io = bufferIO();
    expect(await main(args, io)).toBe(2);
    expect(io.stderr).toEqual([line]);
    expect(io.stdout).toEqual([]);
  });

  it('lists scenarios, strategies and models', async () => {
    for (const [what, name] of [
      ['scenarios', 'codename'],
      ['strategies', 'target+memory'],
      ['models', 'reader-strict'],
    ] as const) {
      const io = bufferIO();
      expect(await main(['list', what], io)).toBe(0);
      expect(io.stdout.some((line) => line.startsWith(name))).toBe(true);
    }
  });

  it('wraps the descriptions of a list to the terminal width, and to 80 columns off a terminal', async () => {
    for (const columns of [60, undefined]) {
      const io = { ...bufferIO(), ...(columns === undefined ? {} : { columns }) };
      expect(await main(['list', 'scenarios'], io)).toBe(0);
      expect(Math.max(...io.stdout.map((line) => line.length))).toBeLessThanOrEqual(columns ?? 80);
      // Nothing is lost: the descriptions read whole once their lines are joined.
      const text = io.stdout
        .slice(2)
        .map((line) => line.trim())
        .join(' ');
      expect(text).toContain('who chose it (never said), the first file read');
      // A row's continuation lines leave the name column blank.
      const named = io.stdout.filter((line) => /^\S/.test(line)).map((line) => line.split(' ')[0]);
      expect(named).toEqual(['name', expect.stringMatching(/^-+$/), ...builtinScenarios.keys()]);
    }
  });

  it('validates a scenario file, and refuses a bad one with exit 2', async () => {
    const io = bufferIO();
    expect(await main(['validate', join(dir, 'ok.yaml')], io)).toBe(0);
    expect(io.stdout).toEqual([`${join(dir, 'ok.yaml')}: ok: scenario tiny, 2 steps, 1 probes`]);
    const never = join(dir, 'never-given.yaml');
    await writeFile(
      never,
      'name: never\ndescription: one question never answered\nsteps:\n  - say: The sky is green today.\n  - ask: Who painted the sky?\n    id: painter\n    expect: { abstain: true }\n',
    );
    const counted = bufferIO();
    expect(await main(['validate', never], counted)).toBe(0);
    expect(counted.stdout).toEqual([`${never}: ok: scenario never, 2 steps, 1 probes (1 never given)`]);
    const bad = bufferIO();
    expect(await main(['validate', join(dir, 'missing.yaml')], bad)).toBe(2);
    expect(bad.stderr).toHaveLength(1);
  });

  it('runs a scenario file and scores it', async () => {
    const io = bufferIO();
    const out = join(dir, 'results');
    expect(await main(['run', '--scenario', join(dir, 'ok.yaml'), '--out', out, '--json'], io)).toBe(0);
    const record = JSON.parse(io.stdout[0] ?? '{}') as { score: { correct: number; total: number } };
    expect(record.score).toMatchObject({ correct: 1, total: 1 });
    // A second run into the same folder is refused rather than mixed in.
    const again = bufferIO();
    expect(await main(['run', '--scenario', join(dir, 'ok.yaml'), '--out', out], again)).toBe(2);
    expect(again.stderr[0]).toMatch(/already holds results/);
  });

  it('asks for a command when given none', async () => {
    const io = bufferIO();
    expect(await main([], io)).toBe(2);
    expect(io.stderr).toEqual([
      'wisp-eval: name a command: run, checkpoint, report, compare, inspect, html, rescore, list, validate, snapshots, cache or serve',
    ]);
  });

  it('takes numbers in decimal only and an --out that names a folder, refusing the rest before any run', async () => {
    const scenario = join(dir, 'ok.yaml');
    const cases: [string[], string][] = [
      [
        ['run', '--scenario', scenario, '--window', '0x2000'],
        '--window "0x2000": give a whole number in decimal digits',
      ],
      [
        ['run', '--scenario', scenario, '--runs', '1e1'],
        '--runs "1e1": give a whole number in decimal digits',
      ],
      [
        ['run', '--scenario', scenario, '--jobs', '0x2'],
        '--jobs "0x2": give a whole number in decimal digits',
      ],
      [['checkpoint', 'spec.yaml', '--jobs', '2.5'], '--jobs "2.5": give a whole number in decimal digits'],
      [['serve', '--port', '0x50'], '--port "0x50": give a whole number in decimal digits'],
      [['run', '--scenario', scenario, '--out', ''], "--out '': name a folder"],
    ];
    for (const [argv, message] of cases) {
      const io = bufferIO();
      expect(await main(argv, io), argv.join(' ')).toBe(2);
      expect(io.stderr).toEqual([`wisp-eval: ${message}`]);
      expect(io.stdout).toEqual([]);
    }
  });

  it('prints its version with --version', async () => {
    const io = bufferIO();
    expect(await main(['--version'], io)).toBe(0);
    expect(io.stdout).toEqual(['wisp-eval 0.1.0']);
  });
});
