import { describe, expect, it } from 'vitest';
import { builtinModelFactory } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

/** One factory for the file's runs: their readers share what they worked out of the same texts. */
const createModel = builtinModelFactory();

const profiles = ['reader', 'reader-counting', 'reader-strict'] as const;

/**
 * `codename` is the reference's phase-2 chat: a codename planted in turn 1, then six reading turns of
 * about 1,400 tokens. On its counting model that chat completed at 8,192 tokens and lost the
 * codename; so must it here on every profile, whether the model drops the front, counts, or fails
 * with a typed overflow.
 */
describe('codename under dropping at 8,192 tokens', () => {
  it.each(profiles)('%s completes, and the codename is lost', async (model) => {
    const { record } = await runScenario(
      {
        scenario: await resolveScenario('codename'),
        strategy: resolveStrategy('dropping'),
        model,
        window: 8192,
        run: 0,
      },
      createModel,
    );
    expect(record.error).toBeNull();
    expect(record.status).toBe('completed');
    expect(record.score.total).toBe(record.probes.length);
    expect(record.condensations.length).toBeGreaterThanOrEqual(1);
    expect(record.probes.find((probe) => probe.id === 'codename')?.verdict).not.toBe('correct');
  });

  it('reads in turns of about 1,400 tokens, as the reference did', async () => {
    const { record } = await runScenario(
      {
        scenario: await resolveScenario('codename'),
        strategy: resolveStrategy('dropping'),
        model: 'reader-counting',
        window: 32768,
        run: 0,
      },
      createModel,
    );
    // What each turn adds: the count at the start of the next turn less the count at its own start.
    const starts = record.perTurn.map((turn) => turn.counted[0] ?? 0);
    const reads = starts.slice(1, 7).map((start, i) => (starts[i + 2] ?? 0) - start);
    expect(reads).toHaveLength(6);
    for (const tokens of reads) {
      expect(tokens).toBeGreaterThanOrEqual(1200);
      expect(tokens).toBeLessThanOrEqual(1500);
    }
  });
});
