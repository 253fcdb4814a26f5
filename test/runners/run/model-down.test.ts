import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelPort } from '../../../engine/model/port.js';
import { exitStatusFor } from '../../../runners/cli/results-output.js';
import { createModel } from '../../../runners/models/index.js';
import { runInvocation } from '../../../runners/matrix/invocation.js';
import type { RunRecord } from '../../../records/run-record.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-down-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A model whose server refuses every connection. */
const down: ModelPort = {
  name: 'down',
  reportsUsage: true,
  respond: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:11434')),
};

describe('a model that is down', () => {
  it('fails its runs with the cause, keeps the others, and makes the invocation exit 3', async () => {
    const codename = await resolveScenario('codename');
    const out = join(dir, 'results');
    const records = await runInvocation(
      {
        scenarios: [codename],
        strategies: [resolveStrategy('dropping')],
        models: ['down', 'reader'],
        windows: [8192],
        runs: 1,
      },
      out,
      (name, window, scenario) => (name === 'down' ? down : createModel(name, window, scenario)),
    );
    expect(records.map((r) => r.status)).toEqual(['failed', 'completed']);
    expect(records[0]?.error).toEqual({
      code: 'MODEL_FAILED',
      message: 'the model failed: connect ECONNREFUSED 127.0.0.1:11434',
      turn: 1,
    });
    expect(exitStatusFor(records)).toBe(3);
    expect(exitStatusFor(records.slice(1))).toBe(0);
    const saved = (await readFile(join(out, 'runs.jsonl'), 'utf8')).trim().split('\n');
    expect(saved.map((l) => (JSON.parse(l) as RunRecord).status)).toEqual(['failed', 'completed']);
  });
});
