import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../records/run-record.js';
import { wispEval } from './cli.js';

let out: string;
let records: RunRecord[];
let stdout: string;
let exitCode: number;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'wisp-e2e-'));
  const result = await wispEval([
    'run',
    '--scenario',
    'codename',
    '--strategy',
    'dropping',
    '--model',
    'reader',
    '--window',
    '8192',
    '--window',
    '32768',
    '--json',
    '--out',
    join(out, 'results'),
  ]);
  stdout = result.stdout;
  exitCode = result.exitCode;
  records = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RunRecord);
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

const verdict = (r: RunRecord | undefined, id: string) => r?.probes.find((p) => p.id === id)?.verdict;

describe('run --scenario codename --strategy dropping on the reader', () => {
  it('prints exactly two JSON lines and exits 0', () => {
    expect(exitCode).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(2);
    expect(records.map((r) => r.window)).toEqual([8192, 32768]);
  });

  it('at 8,192 tokens loses the codename and names a later file as the first one read', () => {
    const small = records[0];
    expect(small?.status).toBe('completed');
    expect(small?.condensations.length).toBeGreaterThanOrEqual(1);
    expect(verdict(small, 'codename')).not.toBe('correct');
    expect(verdict(small, 'first-file')).toBe('wrong');
  });

  it('at 32,768 tokens drops nothing and answers every probe whose answer was given', () => {
    const large = records[1];
    expect(large?.condensations).toEqual([]);
    const answerable = large?.probes.filter((p) => p.expects === 'answer') ?? [];
    expect(answerable.length).toBeGreaterThanOrEqual(4);
    expect(answerable.every((p) => p.verdict === 'correct')).toBe(true);
    // The never-given question's verdict is the reader's to earn; the run records which it expects.
    expect(large?.probes.filter((p) => p.expects === 'abstention').map((p) => p.id)).toEqual([
      'codename-chooser',
    ]);
  });

  it('writes runs.jsonl and each run folder', async () => {
    const lines = (await readFile(join(out, 'results', 'runs.jsonl'), 'utf8')).trim().split('\n');
    // runs.jsonl has the runs in the order they finished, which parallel runs do not fix.
    expect(lines.map((l) => (JSON.parse(l) as RunRecord).id).sort()).toEqual(records.map((r) => r.id).sort());
    for (const r of records) {
      const files = await readdir(join(out, 'results', 'runs', r.id));
      expect(files).toEqual(
        expect.arrayContaining(['audit.jsonl', 'messages.jsonl', 'requests.jsonl', 'store.json']),
      );
      // Each condensation keeps the transcript before and after it.
      if (r.condensations.length > 0) {
        const kept = await readdir(join(out, 'results', 'runs', r.id, 'transcripts'));
        expect(kept).toHaveLength(2 * r.condensations.length);
      }
    }
  });
});

describe('run without --json', () => {
  it('prints the table, a condensing line for each run that condensed, and where the results are', async () => {
    const folder = join(out, 'readable');
    const result = await wispEval([
      'run',
      '--scenario',
      'codename',
      '--window',
      '8192',
      '--window',
      '32768',
      '--out',
      folder,
    ]);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^scenario\s+strategy\s+model\s+window/);
    const condensing = lines.filter((line) => line.includes(': condensed'));
    expect(condensing).toHaveLength(1);
    expect(condensing[0]).toMatch(
      /^codename\.dropping\.reader\.w8192\.r0: condensed \d+ times, before turns /,
    );
    expect(condensing[0]).toContain('floor never reached');
    expect(lines.at(-1)).toBe(`results: ${folder}`);
  });
});
