/**
 * The small frictions of the command line: a name typed wrong gets the nearest one, a number flag
 * refuses `4k` naming its value, a base URL without /v1 that answers 404 is told to add it, and under
 * --json a crossed threshold is also a line on stderr. Each is bad input (exit 2) with nothing run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { main, withNearestFlag } from '../../../runners/cli/main.js';
import { didYouMean, nearestName } from '../../../scenarios/nearest-name.js';
import { versionHint } from '../../../runners/models/openai/index.js';
import { compareCommand } from '../../../runners/cli/commands/compare.js';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import type { RunRecord } from '../../../records/run-record.js';
import { readRunRecords } from '../../../records/runs-file.js';
import { makeRecord } from '../../reports/record-fixture.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-frictions-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refused(args: string[]): Promise<string[]> {
  const io = bufferIO();
  const out = join(dir, 'never');
  expect(await main([...args, '--out', out], io)).toBe(2);
  expect(io.stdout).toEqual([]);
  return io.stderr;
}

describe('a name typed wrong', () => {
  it('finds the nearest known name within a third of its length, or none', () => {
    expect(nearestName('stratgy', ['scenario', 'strategy', 'set'])).toBe('strategy');
    expect(nearestName('Readr', ['reader', 'scripted'])).toBe('reader');
    expect(nearestName('zzz', ['reader', 'scripted'])).toBeUndefined();
    expect(didYouMean('codenmae', ['codename', 'reading'])).toBe(" (did you mean 'codename'?)");
    expect(didYouMean('x', ['codename'])).toBe('');
    expect(withNearestFlag('Unknown argument: jsno', ['json', 'jobs'])).toBe(
      'Unknown argument: jsno (--jsno: did you mean --json?)',
    );
    expect(withNearestFlag('Not enough arguments', ['json'])).toBe('Not enough arguments');
  });

  it.each([
    [['run', '--scenario', 'codename', '--stratgy', 'dropping'], 'did you mean --strategy?'],
    [
      ['run', '--scenario', 'codename', '--strategy', 'droping'],
      'unknown strategy "droping" (did you mean \'dropping\'?)',
    ],
    [['run', '--scenario', 'codenam'], "unknown scenario 'codenam' (did you mean 'codename'?)"],
    [
      ['run', '--scenario', 'codename', '--model', 'readr'],
      'unknown model "readr" (did you mean \'reader\'?)',
    ],
  ])('%j names the nearest one, exit 2', async (args, hint) => {
    const stderr = await refused(args);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toContain(hint);
  });
});

describe('a key typed wrong in a file', () => {
  it('is one line naming the file, the place and the key meant, exit 2, with nothing written', async () => {
    const scenario = join(dir, 'typo.yaml');
    await writeFile(
      scenario,
      'name: typo\ndescription: d\nsteps:\n  - ask: Name?\n    id: name\n    expcet: { any: [Heron] }\n',
    );
    const validate = bufferIO();
    expect(await main(['validate', scenario], validate)).toBe(2);
    expect(validate.stderr).toEqual([
      `wisp-eval: ${scenario}: step 1 (ask): unknown key 'expcet' (did you mean 'expect'?)`,
    ]);
    const spec = join(dir, 'typo-spec.yaml');
    await writeFile(spec, 'name: typo\nscenarios: [codename]\nstrategies: [target]\nwindws: [8192]\n');
    const out = join(dir, 'typo-out');
    const checkpoint = bufferIO();
    expect(await main(['checkpoint', spec, '--out', out], checkpoint)).toBe(2);
    expect(checkpoint.stderr).toEqual([
      `wisp-eval: ${spec}: spec: unknown key 'windws' (did you mean 'windows'?)`,
    ]);
    await expect(stat(out)).rejects.toThrow(/ENOENT/);
  });
});

describe('a scenario that reads what never reaches the model', () => {
  it('warns when a step names a file its workspace lacks (validate and run), and of probes never entered', async () => {
    await mkdir(join(dir, 'ws', 'docs'), { recursive: true });
    await writeFile(join(dir, 'ws', 'docs', 'notes.md'), '# Notes\n\nThe service listens on port 8080.\n');
    const scenario = join(dir, 'unread.yaml');
    await writeFile(
      scenario,
      'name: unread\ndescription: d\nworkspace: ws\nsteps:\n  - say: The codename is BLUE HERON.\n' +
        '  - say: Please read docs/missing.md and summarise it.\n' +
        // docs/notes.md holds the answer, but no step asks for it: the model never reads it.
        '  - ask: Which port does the service listen on?\n    id: port\n    expect: { any: ["8080"] }\n',
    );
    const unheld = `wisp-eval: warning: ${scenario}: step 2 (say) names docs/missing.md, which the workspace ws does not hold`;
    const validate = bufferIO();
    expect(await main(['validate', scenario], validate)).toBe(0);
    expect(validate.stdout).toEqual([`${scenario}: ok: scenario unread, 3 steps, 1 probes`]);
    expect(validate.stderr).toEqual([unheld]);

    const out = join(dir, 'unread-out');
    const run = bufferIO();
    expect(
      await main(
        ['run', '--scenario', scenario, '--strategy', 'target', '--window', '8192', '--out', out],
        run,
      ),
    ).toBe(0);
    expect(run.stderr).toContain(unheld);
    expect(run.stderr).toContain(
      "wisp-eval: warning: unread.target.reader.w8192.r0: never entered: port (its evidence was in no request of the run before the question; counted apart, not as the engine's loss)",
    );
    const [record] = await readRunRecords(out);
    expect(record?.probes.map((p) => p.outcome)).toEqual(['never-entered']);
    expect(record?.outcomes.neverEntered).toBe(1);
  });
});

describe("a checkpoint's end", () => {
  it('is the cells table and the gate line; --verbose adds a row per run before them', async () => {
    const spec = join(dir, 'end.yaml');
    await writeFile(
      spec,
      'name: end\nscenarios: [codename]\nstrategies: [dropping]\nwindows: [8192]\nruns: 2\ngate:\n  - { metric: alarm, max: 0 }\n',
    );
    const plain = bufferIO();
    expect(await main(['checkpoint', spec, '--out', join(dir, 'end-plain')], plain)).toBe(0);
    expect(plain.stdout[0]).toMatch(
      /^scenario +strategy +model +window +runs +failed +correct +correct 95% CI /,
    );
    expect(plain.stdout.filter((l) => l.startsWith('codename '))).toEqual([
      expect.stringMatching(/^codename +dropping +reader +8192 +2 +0 /),
    ]);
    expect(plain.stdout.at(-1)).toBe('gate: passed, 1 rule');
    const verbose = bufferIO();
    expect(await main(['checkpoint', spec, '--verbose', '--out', join(dir, 'end-verbose')], verbose)).toBe(0);
    expect(verbose.stdout[0]).toMatch(/^scenario +strategy +model +window +run +correct +delivered /);
    const rows = verbose.stdout.filter((l) => l.startsWith('codename '));
    expect(rows).toEqual([
      expect.stringMatching(/^codename +dropping +reader +8192 +0 /),
      expect.stringMatching(/^codename +dropping +reader +8192 +1 /),
      expect.stringMatching(/^codename +dropping +reader +8192 +2 +0 /),
    ]);
    expect(verbose.stdout.at(-1)).toBe('gate: passed, 1 rule');
  });

  it('under --json prints only the records on stdout, and each breach and the gate line on stderr', async () => {
    const spec = join(dir, 'breach.yaml');
    await writeFile(
      spec,
      'name: breach\nscenarios: [codename]\nstrategies: [dropping]\nwindows: [8192]\ngate:\n  - { metric: correct, min: 6 }\n',
    );
    const io = bufferIO();
    expect(await main(['checkpoint', spec, '--json', '--out', join(dir, 'breach-out')], io)).toBe(1);
    expect(io.stdout.map((line) => (JSON.parse(line) as RunRecord).id)).toEqual([
      'codename.dropping.reader.w8192.r0',
    ]);
    // codename has five probes: no run reaches 6.
    expect(io.stderr).toContainEqual(
      expect.stringMatching(/^gate: codename dropping reader 8192: mean correct \d is below 6$/),
    );
    expect(io.stderr.at(-1)).toBe('gate: failed, 1 breach of 1 rule');
  });
});

describe('number flags', () => {
  it.each([
    [['run', '--scenario', 'codename', '--timeout', '4k'], '--timeout "4k": give a number in decimal digits'],
    [
      ['run', '--scenario', 'codename', '--timeout', '0x10'],
      '--timeout "0x10": give a number in decimal digits',
    ],
    [
      ['run', '--scenario', 'codename', '--window', '4k'],
      '--window "4k": give a whole number in decimal digits',
    ],
  ])('%j refuses the value, naming it', async (args, line) => {
    const stderr = await refused(args);
    expect(stderr).toEqual([expect.stringContaining(line)]);
  });

  it('refuses --context 4k of serve and --turn 4k of inspect the same way', async () => {
    const serve = bufferIO();
    expect(await main(['serve', '--context', '4k'], serve)).toBe(2);
    expect(serve.stderr).toEqual(['wisp-eval: --context "4k": give a whole number in decimal digits']);
    const inspect = bufferIO();
    expect(await main(['inspect', dir, '--turn', '4k'], inspect)).toBe(2);
    expect(inspect.stderr).toEqual(['wisp-eval: --turn "4k": give a whole number in decimal digits']);
  });
});

describe('a base URL that answers 404', () => {
  it('is told to add /v1 when its path has no version, and not otherwise', () => {
    expect(versionHint('http://127.0.0.1:8080')).toBe(
      '; the base URL has no /v1: OpenAI-compatible servers answer under it (try --base-url http://127.0.0.1:8080/v1)',
    );
    expect(versionHint('http://127.0.0.1:8080/api/')).toContain(
      'try --base-url http://127.0.0.1:8080/api/v1',
    );
    expect(versionHint('http://127.0.0.1:8080/v1')).toBe('');
    expect(versionHint('http://127.0.0.1:8080/v1/')).toBe('');
  });
});

describe('compare --json', () => {
  it('prints the JSON alone on stdout and each crossed threshold as a line on stderr', async () => {
    const [base, cand] = [join(dir, 'base'), join(dir, 'cand')];
    for (const [folder, alarm] of [
      [base, 0],
      [cand, 2],
    ] as const) {
      await mkdir(folder, { recursive: true });
      const record = makeRecord({ correct: 2, outcomes: { alarm } });
      await writeFile(join(folder, 'runs.jsonl'), JSON.stringify(record) + '\n');
    }
    const io = bufferIO();
    const status = await compareCommand(
      { baseline: base, candidate: cand, failIf: ['alarm-rise=0'], json: true },
      io,
    );
    expect(status).toBe(1);
    expect(io.stdout).toHaveLength(1);
    expect(JSON.parse(io.stdout[0] ?? '')).toMatchObject({ breaches: [{ threshold: 'alarm-rise=0' }] });
    expect(io.stderr).toEqual([
      'wisp-eval: failed --fail-if alarm-rise=0: codename target reader w8192: 0.00 -> 2.00, rose by 2.00, more than 0.00',
    ]);
  });
});
