import { describe, expect, it } from 'vitest';
import { toJsonLines } from '../../../runners/io/files.js';
import { createModel } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

/** Durations are the only fields allowed to differ between two runs. */
function withoutDurations(jsonl: string): string {
  return jsonl.replace(/"durationMs":[\d.e-]+/g, '"durationMs":0');
}

describe('reproducible runs', () => {
  it.each([
    ['codename', 'dropping', 'reader'],
    ['codename', 'dropping', 'reader-strict'],
    ['reading', 'target+memory', 'reader'],
    // Real commands: the project's test runner prints no timings or paths.
    ['build', 'target', 'reader'],
  ])(
    'gives byte-identical requests and audit events for %s under %s on %s (durations aside)',
    async (name, strategy, model) => {
      const scenario = await resolveScenario(name);
      const spec = { scenario, strategy: resolveStrategy(strategy), model, window: 8192, run: 0 };
      const first = await runScenario(spec, createModel);
      const second = await runScenario(spec, createModel);
      expect(first.record.condensations.length).toBeGreaterThan(0);
      expect(withoutDurations(toJsonLines(second.files.requests))).toBe(
        withoutDurations(toJsonLines(first.files.requests)),
      );
      expect(withoutDurations(toJsonLines(second.files.audit))).toBe(
        withoutDurations(toJsonLines(first.files.audit)),
      );
      // And the durations really were there to differ.
      expect(toJsonLines(first.files.audit)).toMatch(/"durationMs":/);
    },
  );
});
