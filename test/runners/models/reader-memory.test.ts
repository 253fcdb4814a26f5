/**
 * Readers made with one memory (the runs of one invocation) share their analyses of texts and their
 * token counts. What they keep is a pure function of each text, so sharing may change only what a run
 * costs: each reader answers, counts and numbers its calls as a reader with a memory of its own.
 */
import { describe, expect, it } from 'vitest';
import { builtinModelFactory, createModel } from '../../../runners/models/index.js';
import { createReaderMemory } from '../../../runners/models/reader/index.js';
import type { ModelFactory } from '../../../runners/models/model-factory.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

/** What the model was sent and answered in each call, without the time each took. */
async function calls(
  scenario: string,
  strategy: string,
  model: string,
  window: number,
  factory: ModelFactory,
) {
  const loaded = await resolveScenario(scenario);
  const outcome = await runScenario(
    { scenario: loaded, strategy: resolveStrategy(strategy), model, window, run: 0 },
    factory,
  );
  return outcome.files.requests.map(({ durationMs: _durationMs, ...call }) => call);
}

describe('readers that share a memory', () => {
  it('answer every call of a run as readers with a memory of their own do', async () => {
    const shared = builtinModelFactory();
    const runs = [
      ['reading', 'target', 'reader', 8192],
      ['codename', 'target+memory', 'reader-counting', 8192],
      // The first run again, now with everything it read already in the shared memory.
      ['reading', 'target', 'reader', 8192],
    ] as const;
    for (const [scenario, strategy, model, window] of runs) {
      const alone = await calls(scenario, strategy, model, window, createModel);
      expect(await calls(scenario, strategy, model, window, shared)).toEqual(alone);
    }
  });

  it('keep what one reader analysed for the next, and number their calls each from 1', async () => {
    const memory = createReaderMemory();
    const factory = builtinModelFactory(memory);
    const first = await calls('codename', 'dropping', 'reader', 8192, factory);
    const analysed = memory.context.passages.size;
    const counted = memory.counter.cachedTexts;
    expect(analysed).toBeGreaterThan(0);
    expect(counted).toBeGreaterThan(0);
    const second = await calls('codename', 'dropping', 'reader', 8192, factory);
    // The same texts, so nothing new to analyse or count.
    expect(memory.context.passages.size).toBe(analysed);
    expect(memory.counter.cachedTexts).toBe(counted);
    expect(second).toEqual(first);
    expect(JSON.stringify(second)).toContain('"callId":"call_1"');
  });
});
