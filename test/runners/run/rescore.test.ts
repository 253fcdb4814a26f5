import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRunFiles } from '../../../records/read-run-files.js';
import type { RunRecord } from '../../../records/run-record.js';
import { readRunRecords } from '../../../records/runs-file.js';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { rescoreRun } from '../../../runners/run/rescore-run.js';
import { startLoopbackServer, type LoopbackServer } from '../../../runners/serve/server.js';
import { builtinScenarios } from '../../../scenarios/index.js';
import type { Scenario } from '../../../scenarios/schema.js';

let dir: string;
let results: string;
let server: LoopbackServer;
let recorded: RunRecord[];

async function cli(...argv: string[]) {
  const io = bufferIO();
  const status = await main(argv, io);
  return { status, out: io.stdout, err: io.stderr };
}

const codename = builtinScenarios.get('codename');
if (codename === undefined) throw new Error('no built-in codename');

/**
 * The codename scenario changed by `edit`, written as a JSON file. Its workspace is left out: a file
 * outside the project may not name the built-in's, and rescoring reads none.
 */
async function editedCodename(name: string, edit: (s: Scenario) => void): Promise<string> {
  const { workspace: _workspace, ...scenario } = structuredClone(codename?.scenario) as Scenario;
  edit(scenario);
  const file = join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(scenario));
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-rescore-'));
  results = join(dir, 'results');
  // Real-model runs through the loopback server, which counts every call it is sent.
  server = await startLoopbackServer({ context: 65536 });
  const made = await cli(
    'run',
    ...['--scenario', 'codename', '--scenario', 'digression'],
    ...['--strategy', 'dropping', '--strategy', 'target'],
    ...['--model', 'ollama:reader', '--host', server.url, '--window', '8192'],
    ...['--jobs', '2', '--out', results],
  );
  // Nothing but the progress line a slow machine is shown now and then.
  expect(made.err.filter((line) => !/^runs \d+\/\d+ done, /.test(line))).toEqual([]);
  expect(made.status).toBe(0);
  recorded = await readRunRecords(results);
  expect(recorded).toHaveLength(4);
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('rescore', () => {
  it('with the scenarios unchanged, gives every record back as it was', async () => {
    const out = join(dir, 'same');
    const done = await cli('rescore', results, '--out', out);
    expect(done.err).toEqual([]);
    expect(done.status).toBe(0);
    expect(await readFile(join(out, 'runs.jsonl'), 'utf8')).toBe(
      await readFile(join(results, 'runs.jsonl'), 'utf8'),
    );
    expect(done.out.at(-2)).toBe('rescored 4 runs: 0 probe verdicts changed in 0 runs');
  });

  it("after one probe's expect.any is edited, changes that probe's verdict in every run of it, calling no model", async () => {
    const runs = recorded.filter((r) => r.scenario === 'codename');
    // A probe with one verdict in every codename run: right everywhere, it is made to expect what no
    // reply says; wrong everywhere, to expect any letter, which every reply has.
    const verdicts = (id: string) => new Set(runs.map((r) => r.probes.find((p) => p.id === id)?.verdict));
    const probe = codename.scenario.steps.find(
      (s) => 'ask' in s && !('abstain' in s.expect) && verdicts(s.id).size === 1,
    );
    if (probe === undefined || !('ask' in probe)) throw new Error('no probe with one verdict in every run');
    const wasCorrect = verdicts(probe.id).has('correct');
    const file = await editedCodename('edited', (scenario) => {
      for (const step of scenario.steps)
        if ('ask' in step && step.id === probe.id)
          step.expect = { any: [wasCorrect ? 'no reply says this' : '/[a-z]/i'], none: [] };
    });
    const calls = server.received.length;
    const out = join(dir, 'edited-out');
    const done = await cli('rescore', results, '--scenario', file, '--out', out);
    expect(done.err).toEqual([]);
    expect(done.status).toBe(0);
    expect(server.received.length).toBe(calls);
    const after = new Map((await readRunRecords(out)).map((r) => [r.id, r]));
    for (const before of recorded) {
      const now = after.get(before.id) as RunRecord;
      const changed = now.probes.filter(
        (p, i) => JSON.stringify(p.verdict) !== JSON.stringify(before.probes[i]?.verdict),
      );
      expect(changed.map((p) => p.id)).toEqual(before.scenario === 'codename' ? [probe.id] : []);
      expect(now.score.correct).toBe(before.score.correct + (wasCorrect ? -1 : 1) * changed.length);
      // Everything but the scored fields is the record as it was.
      const { score: _s, delivered: _d, outcomes: _o, evidenceSteps: _e, probes: _p, ...rest } = now;
      expect(rest).toEqual(
        Object.fromEntries(Object.keys(rest).map((k) => [k, before[k as keyof RunRecord]])),
      );
    }
    for (const run of runs)
      expect(done.out).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${run.id}: ${probe.id} \\w+ -> ${wasCorrect ? '(wrong|abstained)' : 'correct'}$`),
        ),
      );
    expect(done.out.at(-2)).toBe('rescored 4 runs: 2 probe verdicts changed in 2 runs');
    // The source folder is left as it was.
    expect(await readRunRecords(results)).toEqual(recorded);
  });

  it('--in-place writes the new records over the folder, under its lock', async () => {
    const copy = join(dir, 'copy');
    expect((await cli('rescore', results, '--out', copy)).status).toBe(0);
    const file = await editedCodename('in-place', (scenario) => {
      for (const step of scenario.steps)
        if ('ask' in step) step.expect = { any: ['no reply says this'], none: [] };
    });
    await writeFile(
      join(copy, '.lock'),
      JSON.stringify({ pid: process.pid, host: hostname(), command: 'run', since: 'now' }),
    );
    const locked = await cli('rescore', copy, '--scenario', file, '--in-place');
    expect(locked.status).toBe(2);
    expect(locked.err).toHaveLength(1);
    expect(locked.err[0]).toMatch(/is in use by process/);
    await rm(join(copy, '.lock'));
    const done = await cli('rescore', copy, '--scenario', file, '--in-place');
    expect(done.status).toBe(0);
    const now = await readRunRecords(copy);
    for (const record of now.filter((r) => r.scenario === 'codename')) expect(record.score.correct).toBe(0);
    expect(done.out.at(-1)).toBe(`rescored in place: ${copy}`);
    expect(await readFile(join(copy, 'summary.csv'), 'utf8')).not.toBe(
      await readFile(join(results, 'summary.csv'), 'utf8'),
    );
  });

  it('refuses a run whose say step changed, naming the step, and writes nothing', async () => {
    const file = await editedCodename('said', (scenario) => {
      const step = scenario.steps[0];
      if (step && 'say' in step) step.say = 'The codename for the next release is GREY HERON.';
    });
    const out = join(dir, 'said-out');
    const done = await cli('rescore', results, '--scenario', file, '--out', out);
    expect(done.status).toBe(2);
    expect(done.err).toHaveLength(1);
    expect(done.err[0]).toMatch(
      /^wisp-eval: run codename\.\S+: step 1 \(say\) of scenario codename now says "The codename for the next release is GREY HERON\."; the run said "The codename for the next release is BLUE HERON\." at turn 1/,
    );
    await expect(readFile(join(out, 'runs.jsonl'))).rejects.toThrow();
  });

  it('refuses a step added, removed or with another probe id', async () => {
    const cases: [string, (s: Scenario) => void, RegExp][] = [
      [
        'added',
        (s) => void s.steps.push({ say: 'One more thing.' }),
        /step \d+ \(say\) .* is new: the run ended before it/,
      ],
      ['removed', (s) => void s.steps.splice(2, 1), /step 3 \(\w+\) of scenario codename now says/],
      [
        'renamed',
        (s) => {
          for (const step of s.steps)
            if ('ask' in step) {
              step.id = `${step.id}-2`;
              break;
            }
        },
        /step \d+ \(ask\) of scenario codename is probe [a-z-]+-2; the run recorded probe/,
      ],
    ];
    for (const [name, edit, message] of cases) {
      const done = await cli('rescore', results, '--scenario', await editedCodename(name, edit));
      expect(done.status, name).toBe(2);
      expect(done.err, name).toHaveLength(1);
      expect(done.err[0], name).toMatch(message);
    }
  });

  it('bad paths exit 2 with one line', async () => {
    const empty = join(dir, 'empty');
    await mkdir(empty);
    const full = join(dir, 'full');
    await mkdir(full);
    await writeFile(join(full, 'notes.txt'), 'mine');
    const cases: [string[], RegExp][] = [
      [['rescore', join(dir, 'missing')], /missing: no such folder$/],
      [['rescore', empty], /empty: no runs\.jsonl in the folder$/],
      [['rescore', results, '--scenario', 'nosuch'], /unknown scenario 'nosuch'/],
      [['rescore', results, '--scenario', join(dir, 'nosuch.yaml')], /nosuch\.yaml: cannot read the file/],
      [['rescore', results, '--out', full], /--out .*full: the folder is not empty/],
      [['rescore', results, '--out', results], /that is the folder itself; give --in-place/],
      [
        ['rescore', results, '--out', join(dir, 'x'), '--in-place'],
        /give --out DIR2 or --in-place, not both/,
      ],
    ];
    for (const [argv, message] of cases) {
      const done = await cli(...argv);
      expect(done.status, argv.join(' ')).toBe(2);
      expect(done.err, argv.join(' ')).toHaveLength(1);
      expect(done.err[0], argv.join(' ')).toMatch(message);
    }
    // No lock, and no folder, is left behind by a refusal.
    await expect(readFile(join(dir, 'missing'))).rejects.toThrow();
    await expect(readFile(join(empty, '.lock'))).rejects.toThrow();
  });

  it('scores a run that ended early on the probes it asked, and compares no step past its end', async () => {
    const record = recorded.find((r) => r.scenario === 'codename') as RunRecord;
    const files = await loadRunFiles(results, record);
    // The run as if it had failed at its fourth prompt: its log and calls stop there.
    const fourth = files.audit.filter((e) => e.type === 'prompt')[3];
    const cut = files.audit.findIndex((e) => e === fourth);
    const audit = files.audit.slice(0, cut + 1);
    const calls = files.calls.filter((c) => c.turn <= (fourth?.turn ?? 0));
    const asked = record.probes.filter((p) => p.turn <= (fourth?.turn ?? 0));
    const failed: RunRecord = {
      ...record,
      status: 'failed',
      error: { code: 'MODEL_FAILURE', message: 'the server went away', turn: fourth?.turn ?? null },
      probes: asked,
    };
    const scenario = structuredClone(codename.scenario);
    scenario.steps.push({ say: 'A step the run never came to.' });
    const again = rescoreRun(scenario, { record: failed, audit, calls });
    expect(again.record.probes).toEqual(asked);
    expect(again.changed).toEqual([]);
  });
});
