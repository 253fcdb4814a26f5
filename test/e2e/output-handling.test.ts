import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../engine/audit/events.js';
import type { RunRecord } from '../../records/run-record.js';
import { wispEval } from './cli.js';

let out: string;
const records: RunRecord[] = [];

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'wisp-e2e-output-'));
  const result = await wispEval([
    'run',
    '--scenario',
    'showing',
    '--scenario',
    'codename',
    '--strategy',
    'dropping',
    '--strategy',
    'cutting',
    '--strategy',
    'references',
    '--window',
    '8192',
    '--json',
    '--out',
    join(out, 'results'),
  ]);
  expect(result.exitCode).toBe(0);
  for (const line of result.stdout.trim().split('\n')) records.push(JSON.parse(line) as RunRecord);
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

const find = (scenario: string, strategy: string) => {
  const record = records.find((r) => r.scenario === scenario && r.strategy === strategy);
  if (!record) throw new Error(`no record for ${scenario} ${strategy}`);
  return record;
};

describe('cuts and references, end to end', () => {
  it('cuts the retyped file exactly once under cutting, and never under dropping', () => {
    expect(find('showing', 'cutting').saved.cuts.count).toBe(1);
    expect(find('showing', 'cutting').saved.cuts.bytes).toBeGreaterThan(500);
    expect(find('showing', 'dropping').saved.cuts.count).toBe(0);
  });

  it('condenses less on codename with references than with dropping, and says what it saved', async () => {
    const dropping = find('codename', 'dropping');
    const references = find('codename', 'references');
    expect(references.condensations.length).toBeLessThan(dropping.condensations.length);
    expect(references.saved.references.count).toBeGreaterThan(0);
    expect(references.saved.references.bytes).toBeGreaterThan(10_000);
    // The record's totals are the sums of what the run's context.reference events say each saved.
    const events = (await readFile(join(out, 'results', 'runs', references.id, 'audit.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as AuditEvent)
      .filter((e): e is Extract<AuditEvent, { type: 'context.reference' }> => e.type === 'context.reference');
    expect(events).toHaveLength(references.saved.references.count);
    expect(references.saved.references.bytes).toBe(events.reduce((n, e) => n + e.bytesSaved, 0));
    // Switching outputs to references starts new model sessions.
    expect(references.sessions.new).toBeGreaterThan(dropping.sessions.new);
  });

  it('sends fewer tokens with references than with dropping', () => {
    const sent = (r: RunRecord) => r.perTurn.reduce((n, t) => n + t.estimated.reduce((a, b) => a + b, 0), 0);
    expect(sent(find('codename', 'references'))).toBeLessThan(sent(find('codename', 'dropping')));
  });
});
