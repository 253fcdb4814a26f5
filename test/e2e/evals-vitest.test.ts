/**
 * An eval file run by vitest itself, programmatically (`startVitest`), as `npm run evals` runs the
 * evals project: the fixture's suites and per-probe tests by name, each test's state (the wrong probe
 * fails, with the reply in its message), the annotations on each test and in the JSON and JUnit
 * reports, and the results folder the runs were written into.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnerTestCase } from 'vitest';
import { startVitest } from 'vitest/node';
import { readRunRecords } from '../../records/read-run-files.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/evals/', import.meta.url));

let out: string;
let tests: RunnerTestCase[];
let json: {
  numFailedTests: number;
  numPassedTests: number;
  testResults: {
    assertionResults: {
      ancestorTitles: string[];
      title: string;
      status: string;
      failureMessages: string[];
      meta: Record<string, unknown>;
    }[];
  }[];
};
let junit: string;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'wisp-evals-'));
  process.env['WISP_EVAL_FIXTURE_OUT'] = join(out, 'results');
  const exitCode = process.exitCode;
  const vitest = await startVitest(
    'test',
    [],
    {
      config: join(FIXTURE, 'vitest.config.ts'),
      root: FIXTURE,
      watch: false,
      reporters: ['json', 'junit'],
      outputFile: { json: join(out, 'report.json'), junit: join(out, 'junit.xml') },
    },
    { logLevel: 'silent' },
  );
  await vitest.close();
  // A failed eval (the fixture has one) sets the exit code of the process that ran it: not this one's.
  process.exitCode = exitCode;
  delete process.env['WISP_EVAL_FIXTURE_OUT'];
  tests = vitest.state.getFiles().flatMap((file) => collectTests(file));
  json = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as typeof json;
  junit = await readFile(join(out, 'junit.xml'), 'utf8');
}, 180_000);

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

function collectTests(task: { type: string; tasks?: unknown[] }): RunnerTestCase[] {
  if (task.type === 'test') return [task as RunnerTestCase];
  return ((task.tasks ?? []) as { type: string; tasks?: unknown[] }[]).flatMap(collectTests);
}

function test(name: string): RunnerTestCase {
  const found = tests.find((t) => t.name === name);
  if (!found) throw new Error(`no test ${name}: the tests are ${tests.map((t) => t.name).join(', ')}`);
  return found;
}

describe('describeScenario run by startVitest', () => {
  it('declares a suite per cell under the scenario, and a test per probe and one for the whole run', () => {
    expect(tests.map((t) => t.name)).toEqual(['codename', 'misread', 'chooser', 'whole run']);
    for (const t of tests) {
      expect(t.suite?.name).toBe('target · reader · 4096');
      expect(t.suite?.suite?.name).toBe('tiny');
    }
  });

  it('passes a right probe, an abstention on a never-given one and the whole run; fails the wrong probe', () => {
    expect(test('codename').result?.state).toBe('pass');
    expect(test('chooser').result?.state).toBe('pass');
    expect(test('whole run').result?.state).toBe('pass');
    const wrong = test('misread');
    expect(wrong.result?.state).toBe('fail');
    expect(wrong.result?.errors?.[0]?.message).toBe(
      'probe misread was answered wrong (never-entered): tiny.target.reader.w4096.r0: "The codename for the next release is BLUE HERON."',
    );
  });

  it('annotates each probe test with the reply, the verdict, the evidence, the condensing and the run folder', () => {
    const annotations = test('misread').annotations.map(({ type, message }) => ({ type, message }));
    expect(annotations.map((a) => a.type)).toEqual([
      'reply',
      'verdict',
      'evidence',
      'condensations',
      'results',
    ]);
    expect(annotations[0]?.message).toBe('The codename for the next release is BLUE HERON.');
    expect(annotations[1]?.message).toBe('wrong (expects an answer)');
    expect(annotations[2]?.message).toBe('never-entered; in view: no; channels: none');
    expect(annotations[3]?.message).toBe('tiny.target.reader.w4096.r0: never condensed');
    expect(annotations[4]?.message).toBe(
      join(out, 'results', runFolderName(), 'runs', 'tiny.target.reader.w4096.r0'),
    );
    expect(test('chooser').annotations[2]?.message).toBe('never-given: nothing to deliver');
    expect(test('codename').annotations[2]?.message).toBe(
      'delivered-correct; in view: yes; channels: prompt',
    );
  });

  it('writes the runs as a results folder that the harness reads back', async () => {
    const [name, ...others] = await readdir(join(out, 'results'));
    expect(others).toEqual([]);
    expect(name).toMatch(/^tiny-\d{8}-\d{6}$/);
    const dir = join(out, 'results', name ?? '');
    const records = await readRunRecords(dir);
    expect(records.map((r) => [r.id, r.score])).toEqual([
      ['tiny.target.reader.w4096.r0', { correct: 2, wrong: 1, abstained: 0, total: 3 }],
    ]);
    for (const file of [
      'summary.csv',
      'junit.xml',
      'report.html',
      'runs/tiny.target.reader.w4096.r0/requests.jsonl',
    ])
      expect(existsSync(join(dir, file)), file).toBe(true);
  });

  it("keeps the annotations in the JSON report's task meta, and as JUnit properties", () => {
    expect([json.numPassedTests, json.numFailedTests]).toEqual([3, 1]);
    const results = json.testResults.flatMap((file) => file.assertionResults);
    const misread = results.find((r) => r.title === 'misread');
    expect(misread?.ancestorTitles).toEqual(['tiny', 'target · reader · 4096']);
    expect(misread?.status).toBe('failed');
    expect(misread?.meta['wispEval']).toEqual({
      probe: 'misread',
      runs: [
        {
          run: 'tiny.target.reader.w4096.r0',
          dir: join(out, 'results', runFolderName(), 'runs', 'tiny.target.reader.w4096.r0'),
          reply: 'The codename for the next release is BLUE HERON.',
          verdict: 'wrong',
          expects: 'answer',
          outcome: 'never-entered',
          channels: [],
          condensations: [],
          gaps: [],
        },
      ],
    });
    expect(junit).toContain('<property name="verdict" value="wrong (expects an answer)">');
    expect(junit).toContain(
      '<property name="reply" value="The codename for the next release is BLUE HERON.">',
    );
  });
});

/** The results folder's name, from the annotation that points into it. */
function runFolderName(): string {
  const dir = test('codename').annotations[4]?.message ?? '';
  return dir.slice(join(out, 'results').length + 1).split('/')[0] ?? '';
}
