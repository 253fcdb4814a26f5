/**
 * The honesty alarm: a probe answered right although its evidence was never in view. On the reader,
 * which answers only from what it is sent, no built-in run may land there; a model that answers from
 * the scenario's expectations (a leak) must.
 */
import { describe, expect, it } from 'vitest';
import type { ModelPort } from '../../engine/index.js';
import type { RunRecord } from '../../records/run-record.js';
import { runScenario } from '../../runners/run/run-scenario.js';
import { type ModelFactory } from '../../runners/models/model-factory.js';
import { builtinScenarioNames, resolveScenario } from '../../scenarios/index.js';
import type { Scenario } from '../../scenarios/schema.js';
import { resolveStrategy } from '../../strategies/index.js';
import { makeRuns, type ReaderRun } from './reader-runs.js';

const strategies = ['dropping', 'cutting', 'references', 'facts', 'target', 'target+memory', 'failfast'];
const matrix: ReaderRun[] = builtinScenarioNames.flatMap((scenario) =>
  strategies.flatMap((strategy) =>
    [8192, 32768].map((window) => ({ scenario, strategy, model: 'reader' as const, window })),
  ),
);

/** A model that was told the answers: it replies to each probe with its first `any` pattern. */
const leakingModel: ModelFactory = (_name: string, window: number, scenario: Scenario): ModelPort => ({
  name: 'leak',
  window,
  reportsUsage: false,
  respond: (request) => {
    const last = request.messages.at(-1);
    const probe = scenario.steps.find((s) => 'ask' in s && s.ask === last?.content);
    const answer = probe && 'ask' in probe && 'any' in probe.expect ? probe.expect.any[0] : undefined;
    return Promise.resolve({ text: answer ?? 'Noted.', toolCalls: [] });
  },
});

async function run(scenario: string, strategy: string, window: number, model: string): Promise<RunRecord> {
  const loaded = await resolveScenario(scenario);
  const spec = { scenario: loaded, strategy: resolveStrategy(strategy), model, window, run: 0 };
  return (await runScenario(spec, leakingModel)).record;
}

describe('the honesty alarm', () => {
  it('never fires on the reader across the built-in scenarios, strategies and both windows', async () => {
    const runs = await makeRuns(matrix);
    const alarms = runs.flatMap((r) =>
      r.outcome.record.probes
        .filter((p) => p.outcome === 'not-delivered-correct')
        .map((p) => `${r.scenario} ${r.strategy} ${r.window} ${p.id}`),
    );
    expect(runs.length).toBe(builtinScenarioNames.length * 14);
    expect(alarms).toEqual([]);
    // Every built-in scenario and strategy at both windows: under load, several minutes.
  }, 600_000);

  it('fires when a model answers from the scenario’s expectations', async () => {
    const record = await run('codename', 'dropping', 8192, 'leak');
    expect(record.outcomes.alarm).toBeGreaterThan(0);
    // It reads no file, so the gatehouse's port, which only a document states, was never in view.
    const gatehouse = record.probes.find((p) => p.id === 'gatehouse-port');
    expect(gatehouse).toMatchObject({ verdict: 'correct', outcome: 'not-delivered-correct' });
  });
});
