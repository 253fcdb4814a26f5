/**
 * Never entered: a probe whose evidence no request of the run showed before its question is no loss
 * of the engine's. A model that reads no file leaves the documents' facts out of every request; the
 * codename, which the person said, entered the run and stays the engine's to deliver.
 */
import { describe, expect, it } from 'vitest';
import type { ModelPort } from '../../../engine/index.js';
import type { ModelFactory } from '../../../runners/models/model-factory.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

/** A model that asks for no file and says it does not know whenever it is asked something. */
const nonReader: ModelFactory = (_name: string, window: number): ModelPort => ({
  name: 'non-reader',
  window,
  reportsUsage: false,
  respond: (request) => {
    const last = request.messages.at(-1)?.content ?? '';
    return Promise.resolve({ text: last.endsWith('?') ? "I don't know." : 'Noted.', toolCalls: [] });
  },
});

async function record(window: number) {
  const scenario = await resolveScenario('codename');
  const spec = { scenario, strategy: resolveStrategy('dropping'), model: 'non-reader', window, run: 0 };
  return (await runScenario(spec, nonReader)).record;
}

describe('the never-entered outcome', () => {
  it('holds the probes on files the model never read, apart from the engine’s losses', async () => {
    const run = await record(8192);
    const outcome = Object.fromEntries(run.probes.map((p) => [p.id, p.outcome]));
    expect(outcome).toEqual({
      // Said by the person and in view when asked: the model's miss.
      codename: 'delivered-missed',
      'codename-chooser': 'never-given',
      // The file's name is in the person's prompts.
      'first-file': 'delivered-missed',
      'metrics-port': 'never-entered',
      'gatehouse-port': 'never-entered',
    });
    expect(run.outcomes).toEqual({
      deliveredCorrect: 0,
      deliveredMissed: 2,
      notDelivered: 0,
      alarm: 0,
      neverEntered: 2,
    });
    // Outside the delivered counts: two of the four probes with an answer had anything to deliver.
    expect(run.delivered).toEqual({ inView: 2, total: 2 });
  });
});
