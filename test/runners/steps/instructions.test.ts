import { describe, expect, it } from 'vitest';
import { createModel } from '../../../runners/models/index.js';
import { TokenCounter } from '../../../runners/models/reader/tokens.js';
import { BASE_INSTRUCTIONS, instructionsFor } from '../../../runners/steps/instructions.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

describe('the instructions every run starts from', () => {
  it('take about what the engine’s own take on a small window, with the standard tools', async () => {
    // The engine's instructions with every tool take about 1,200 tokens; runs here should meet
    // about the same pressure at 8,192, not several hundred tokens less.
    const loaded = await resolveScenario('codename');
    const opening = loaded.scenario.steps[0];
    if (opening === undefined || !('say' in opening)) throw new Error('codename opens with a prompt');
    const scenario = { ...loaded, scenario: { ...loaded.scenario, steps: [opening] } };
    const spec = { scenario, strategy: resolveStrategy('target'), model: 'reader', window: 8192, run: 0 };
    const { record } = await runScenario(spec, createModel);
    // The first request: instructions, tool specs and the opening prompt, as the reader counted it.
    const first = (record.perTurn[0]?.reported[0] ?? 0) - new TokenCounter().text(opening.say);
    expect(first).toBeGreaterThanOrEqual(800);
    expect(first).toBeLessThanOrEqual(1300);
  });

  it('put a scenario’s extension after the base', () => {
    expect(instructionsFor(undefined)).toBe(BASE_INSTRUCTIONS);
    expect(instructionsFor('Answer in French.')).toBe(`${BASE_INSTRUCTIONS}\n\nAnswer in French.`);
  });
});
