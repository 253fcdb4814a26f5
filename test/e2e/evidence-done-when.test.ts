/** The evidence checks on the built-in scenarios, on the reader. */
import { describe, expect, it } from 'vitest';
import { makeRuns } from '../honesty/reader-runs.js';

describe('evidence in the built-in runs', () => {
  it('keeps the codename sentinel through facts or the summary under target after its turn is dropped', async () => {
    const [run] = await makeRuns([
      { scenario: 'codename', strategy: 'target', model: 'reader', window: 4096 },
    ]);
    const record = run?.outcome.record;
    expect(record?.condensations.length).toBeGreaterThan(0);
    expect(record?.evidenceSteps[0]).toMatchObject({
      id: 'codename-kept',
      leftAt: null,
      through: { held: true },
    });
  });

  it('loses the codename sentinel under dropping at the first condensation', async () => {
    const [run] = await makeRuns([
      { scenario: 'codename', strategy: 'dropping', model: 'reader', window: 8192 },
    ]);
    const record = run?.outcome.record;
    expect(record?.evidenceSteps[0]?.leftAt).toBe(record?.condensations[0]?.turn);
  });

  it('records delivered on reading at 8,192 for every strategy, recalls through memory, the lost first file (its founder) as not delivered', async () => {
    const strategies = ['dropping', 'cutting', 'references', 'facts', 'target', 'target+memory', 'failfast'];
    const runs = await makeRuns(
      strategies.map((strategy) => ({
        scenario: 'reading',
        strategy,
        model: 'reader' as const,
        window: 8192,
      })),
    );
    for (const run of runs) expect(run.outcome.record.delivered.total).toBeGreaterThan(0);
    const memory = runs.find((r) => r.strategy === 'target+memory')?.outcome.record;
    expect(memory?.probes.some((p) => p.evidence.channels.includes('memory'))).toBe(true);
    const dropping = runs.find((r) => r.strategy === 'dropping')?.outcome.record;
    expect(dropping?.probes.find((p) => p.id === 'founder')?.outcome).toBe('not-delivered');
  });

  it('tells the changed fact’s new value in view from only the old value in view on digression', async () => {
    const runs = await makeRuns([
      { scenario: 'digression', strategy: 'failfast', model: 'reader', window: 32768 },
      { scenario: 'digression', strategy: 'dropping', model: 'reader', window: 8192 },
    ]);
    const [kept, lost] = runs.map(
      (r) => r.outcome.record.probes.find((p) => p.id === 'deploy-window')?.evidence,
    );
    expect(kept).toMatchObject({ inView: true, staleInView: true });
    expect(lost).toMatchObject({ inView: false });
  });
});
