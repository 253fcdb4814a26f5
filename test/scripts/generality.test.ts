import { execa } from 'execa';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generalityJsonSchema } from '../../reports/generality-json.js';
import { builtinScenarioNames } from '../../scenarios/index.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const missing = 'no-such-generality-folder';
const fixtures = 'test/scripts/fixtures';

function generality(...args: string[]) {
  return execa('node', ['--import', 'tsx', 'scripts/generality.ts', missing, ...args], {
    cwd: repoRoot,
    reject: false,
  });
}

describe('scripts/generality.ts command line', { timeout: 60_000 }, () => {
  const run = (...args: string[]) =>
    execa('node', ['--import', 'tsx', 'scripts/generality.ts', ...args], { cwd: repoRoot, reject: false });

  it('prints its usage for --help and runs nothing', async () => {
    const { exitCode, stdout } = await run('--help');
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/^usage: npm run generality /);
    expect(stdout).not.toContain('built-in');
  });

  it('refuses an unknown option, a missing value and a second folder in one line, exit 2', async () => {
    for (const args of [['--bogus'], ['--paraphrase'], ['one', 'two']]) {
      const { exitCode, stdout, stderr } = await run(...args);
      expect(exitCode, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(stderr).toMatch(/^generality: .*; usage: npm run generality /);
    }
  });
});

// Each test runs the built-in scenarios in a process of its own: on a busy 2-core machine, slow.
describe('scripts/generality.ts', { timeout: 180_000 }, () => {
  it('without the generality folder, says so and reports the built-in scenarios under dropping and failfast', async () => {
    const { exitCode, stdout } = await generality('--skip-paraphrase', '--skip-reads');
    expect(exitCode).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(
      /^generality: no folder .*no-such-generality-folder; skipping the generality scenarios/,
    );
    expect(
      lines.some((line) =>
        /^set\s+scenario\s+strategy\s+correct\s+wrong\s+abstained\s+never-given/.test(line),
      ),
    ).toBe(true);
    for (const strategy of ['dropping', 'failfast']) {
      expect(
        lines.filter((line) => line.startsWith('built-in') && line.includes(` ${strategy} `)),
      ).toHaveLength(builtinScenarioNames.length);
      expect(lines.some((line) => line.startsWith(`built-in (${strategy}): `))).toBe(true);
    }
    expect(lines.some((line) => line.startsWith('generality (dropping)'))).toBe(false);
    expect(lines.some((line) => line.startsWith('paraphrase'))).toBe(false);
    expect(lines.some((line) => line.startsWith('read requests'))).toBe(false);
  });

  it('with --json, prints one object of the documented shape and nothing else on stdout', async () => {
    const { exitCode, stdout, stderr } = await generality('--paraphrase', `${fixtures}/paraphrase`, '--json');
    expect(exitCode, stderr).toBe(0);
    const out = generalityJsonSchema.parse(JSON.parse(stdout));
    expect(out.generality).toBeNull();
    expect(out.builtin).toMatchObject({ strategy: 'failfast', scenarios: builtinScenarioNames.length });
    expect(out.builtin.correct + out.builtin.wrong + out.builtin.abstained).toBe(out.builtin.answerable);
    // Two probes of codename, five variants each; the file's absent generality scenario left out.
    expect(out.paraphrase).toMatchObject({ variants: 10, probes: 2 });
    expect(out.paraphrase?.perScenario.map((s) => [s.scenario, s.strategy, s.variants])).toEqual([
      ['codename', 'failfast', 10],
    ]);
    expect(out.paraphrase?.kept).toBeLessThanOrEqual(10);
    expect(out.paraphrase?.share).toBeCloseTo((out.paraphrase?.kept ?? 0) / 10);
    expect(out.paraphrase?.unavailable).toEqual([
      {
        key: 'generality/absent',
        reason: expect.stringContaining('no folder') as unknown as string,
        probes: 1,
      },
    ]);
    // "Please read {file} and summarise it." is how the built-in scenarios ask: it opens the file.
    expect(out.readRequests?.readTrue).toMatchObject({ total: 1, opened: 1 });
    expect(out.readRequests?.readFalse.total).toBe(1);
    expect(out.readRequests?.contextNotReady).toBe(0);
    expect(stderr).toMatch(/no-such-generality-folder/);
  });

  it('stops with exit 2 before running anything when the paraphrase file is out of step with a scenario', async () => {
    const { exitCode, stdout, stderr } = await generality('--paraphrase', `${fixtures}/paraphrase-mismatch`);
    expect(exitCode).toBe(2);
    expect(stdout).not.toMatch(/^set\s+scenario/m);
    const file = `${fixtures}/paraphrase-mismatch/questions.yaml`;
    expect(stderr).toContain(
      `${file}: scenario codename, probe release-date: the scenario has no probe 'release-date'`,
    );
    expect(stderr).toContain(
      `${file}: scenario codename, probe codename: the original "What was the codename for the next release?" is not the scenario's question`,
    );
  });
});
