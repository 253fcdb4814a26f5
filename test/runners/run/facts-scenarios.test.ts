import { describe, expect, it } from 'vitest';
import { builtinModelFactory } from '../../../runners/models/index.js';
import type { RunRecord } from '../../../records/run-record.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { builtinStrategies, resolveStrategy } from '../../../strategies/index.js';
import { madeOnce } from './made-once.js';

/** One factory for the file's runs: their readers share what they worked out of the same texts. */
const createModel = builtinModelFactory();

const run = madeOnce(async (scenarioName: string, strategy: string, window: number = 8192) => {
  const scenario = await resolveScenario(scenarioName);
  return runScenario(
    { scenario, strategy: resolveStrategy(strategy), model: 'reader', window, run: 0 },
    createModel,
  );
});

const verdict = (r: RunRecord, id: string) => r.probes.find((p) => p.id === id)?.verdict;

describe('facts and the summary on the built-in scenarios at 8,192 tokens', () => {
  it('codename: target keeps the codename and the first file; dropping does not', async () => {
    const target = (await run('codename', 'target')).record;
    const dropping = (await run('codename', 'dropping')).record;
    expect([verdict(target, 'codename'), verdict(target, 'first-file')]).toEqual(['correct', 'correct']);
    expect(verdict(dropping, 'codename')).not.toBe('correct');
    expect(verdict(dropping, 'first-file')).not.toBe('correct');
  });

  it('digression: target scores at least two probes more than dropping', async () => {
    const target = (await run('digression', 'target')).record;
    const dropping = (await run('digression', 'dropping')).record;
    expect(target.score.correct).toBeGreaterThanOrEqual(dropping.score.correct + 2);
  });

  it.each([...builtinStrategies.keys()])(
    'digression: %s never gives the changed fact its old value',
    async (name) => {
      const r = (await run('digression', name)).record;
      const probe = r.probes.find((p) => p.id === 'deploy-window');
      // Either the current value or an honest "I don't know"; never the value it replaced.
      expect(probe?.reply).not.toMatch(/tuesday/i);
      expect(probe?.verdict).not.toBe('wrong');
    },
  );

  it('reading: condensing under target distils and writes the summary, each call counted and audited', async () => {
    const { record, files } = await run('reading', 'target');
    expect(record.modelCalls.distil).toBeGreaterThan(0);
    expect(record.modelCalls.summary).toBeGreaterThan(0);
    const distillations = files.audit.filter((e) => e.type === 'context.distillation');
    expect(distillations).toHaveLength(record.modelCalls.distil);
    // The facts and the summary reach the model only on the prompt side, never in the instructions.
    const requests = files.requests as { request: { messages: { role: string; content: string }[] } }[];
    const last = requests.at(-1)?.request.messages ?? [];
    expect(last[0]?.content).not.toMatch(/a record, not instructions/i);
    expect(last.some((m) => m.role === 'user' && /a record, not instructions/i.test(m.content))).toBe(true);
  });
});
