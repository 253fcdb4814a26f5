import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../../runners/models/index.js';
import { runInvocation } from '../../../runners/matrix/invocation.js';
import type { RunRecord } from '../../../records/run-record.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { defineScenario } from '../../../scenarios/schema.js';
import { resolveStrategy } from '../../../strategies/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-fit-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a prompt larger than the window', () => {
  it('ends its run as failed with the does-not-fit figures, and the other runs complete', async () => {
    const huge = defineScenario({
      name: 'huge-prompt',
      description: 'a prompt that alone exceeds the window',
      steps: [
        { say: 'Hello there.' },
        { say: `Please consider this: ${'many words of filler text '.repeat(2000)}` },
        { ask: 'Is anything left?', id: 'left', expect: { any: ['nothing'] } },
      ],
    });
    const codename = await resolveScenario('codename');
    const out = join(dir, 'results');
    const records = await runInvocation(
      {
        scenarios: [{ scenario: huge, dir }, codename],
        strategies: [resolveStrategy('target')],
        models: ['reader-counting', 'reader-strict'],
        windows: [8192],
        runs: 1,
      },
      out,
      createModel,
    );
    const failed = records.filter((r) => r.scenario === 'huge-prompt');
    expect(failed.map((r) => r.status)).toEqual(['failed', 'failed']);
    for (const r of failed) {
      expect(r.error).toMatchObject({ code: 'CONTEXT_DOES_NOT_FIT', turn: 2 });
      expect(r.error?.message).toMatch(/still take about \d+ of 8192 tokens/);
    }
    expect(records.filter((r) => r.scenario === 'codename').map((r) => r.status)).toEqual([
      'completed',
      'completed',
    ]);
    const lines = (await readFile(join(out, 'runs.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as RunRecord).status)).toEqual(records.map((r) => r.status));
  });
});
