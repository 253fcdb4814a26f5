import { describe, expect, it } from 'vitest';
import { builtinModelFactory } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

/** One factory for the file's runs: their readers share what they worked out of the same texts. */
const createModel = builtinModelFactory();

async function run(scenario: string, strategy: string, model: string) {
  const spec = {
    scenario: await resolveScenario(scenario),
    strategy: resolveStrategy(strategy),
    model,
    window: 8192,
    run: 0,
  };
  return runScenario(spec, createModel);
}

describe('the model-call log', () => {
  it('logs every distil and summary call of a reading run under target, as many as its record counts', async () => {
    const { record, files } = await run('reading', 'target', 'reader');
    const count = (...purposes: string[]) =>
      files.requests.filter((c) => purposes.includes(c.purpose)).length;

    expect(record.modelCalls.distil + record.modelCalls.summary).toBeGreaterThan(0);
    expect(count('distil', 'facts-and-summary')).toBe(record.modelCalls.distil);
    expect(count('summary')).toBe(record.modelCalls.summary);
    expect(count('turn')).toBe(record.modelCalls.turn);
    expect(files.requests.map((c) => c.call)).toEqual(files.requests.map((_, i) => i + 1));

    const guided = files.requests.filter((c) => c.kind === 'generate');
    const turnSessions = new Set(files.requests.filter((c) => c.kind === 'respond').map((c) => c.session));
    for (const call of guided) {
      if (call.kind !== 'generate') continue;
      // Each guided call runs in a session of its own, which no turn request continues.
      expect(call.fresh).toBe(true);
      expect(turnSessions.has(call.session)).toBe(false);
      expect(call.request.purpose).toBe(call.purpose);
      expect(call.request.schema).toMatchObject({ type: 'object' });
      expect(call.request.maxTokens).toBeGreaterThan(0);
      expect(call.response?.value).toBeDefined();
    }
    expect(new Set(guided.map((c) => c.session)).size).toBe(guided.length);
  });

  it('places each call in the timeline before the events it led to', async () => {
    const { files } = await run('reading', 'target', 'reader');
    const calls = files.timeline.filter((item) => item.kind === 'call');
    const events = files.timeline.filter((item) => item.kind === 'event');
    expect(calls.map((c) => c.call)).toEqual(files.requests);
    expect(events.map((e) => e.event)).toEqual(files.audit);

    // A distillation's event follows its call; a turn's response event follows the turn's request.
    const position = (predicate: (item: (typeof files.timeline)[number]) => boolean) =>
      files.timeline.findIndex(predicate);
    const firstDistil = position((i) => i.kind === 'call' && i.call.purpose !== 'turn');
    const firstDistilEvent = position((i) => i.kind === 'event' && i.event.type === 'context.distillation');
    expect(firstDistil).toBeGreaterThan(-1);
    expect(firstDistilEvent).toBeGreaterThan(firstDistil);
    const firstCall = position((i) => i.kind === 'call');
    const firstResponse = position((i) => i.kind === 'event' && i.event.type === 'response');
    expect(firstResponse).toBeGreaterThan(firstCall);
  });

  it('logs a call that failed with its error and no response', async () => {
    const { record, files } = await run('codename', 'failfast', 'reader-strict');
    expect(record.status).toBe('failed');
    const last = files.requests.at(-1);
    expect(last?.error).toMatch(/context size exceeded/);
    expect(last?.response).toBeUndefined();
  });
});
