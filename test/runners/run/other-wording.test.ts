import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createModel } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { loadScenarioFile } from '../../../scenarios/load.js';
import { resolveStrategy } from '../../../strategies/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}/scenario.yaml`, import.meta.url));

/**
 * Scenarios the reader was not built around: other projects, other wording for reads, runs and
 * questions. With everything in view it must act sensibly: read what it is asked to, answer what it
 * can see, and never answer confidently wrong.
 */
describe('the reader on scenarios with other wording', () => {
  it.each([
    ['orbit', ['review', 'mask', 'passes', 'station', 'first']],
    ['bakery', ['name', 'first', 'butter']],
    ['garden', ['now', 'first', 'gardener', 'seeds', 'compost']],
  ])('%s: answers what it can see and never answers wrongly', async (name, mustAnswer) => {
    const loaded = await loadScenarioFile(fixture(name));
    const { record } = await runScenario(
      { scenario: loaded, strategy: resolveStrategy('dropping'), model: 'reader', window: 32768, run: 0 },
      createModel,
    );
    expect(record.status).toBe('completed');
    expect(record.score.wrong).toBe(0);
    const correct = record.probes.filter((p) => p.verdict === 'correct').map((p) => p.id);
    expect(correct).toEqual(expect.arrayContaining(mustAnswer));
    // A question about something never said (`expect: { abstain: true }`) is answered "I don't know".
    for (const probe of record.probes.filter((p) => p.expects === 'abstention')) {
      expect(probe.verdict).toBe('correct');
    }
  });
});
