import { describe, expect, it } from 'vitest';
import { TurnTally } from '../../../engine/measure/turn-tally.js';

describe('the tally of a turn', () => {
  it("gives the engine what the model and the tools did not take of the turn's time", () => {
    const tally = new TurnTally(3, 'Read the notes.');
    tally.addModelMs(40);
    tally.addToolCall(25);
    tally.addToolCall(5);
    tally.addModelMs(10);
    const figures = tally.finish(100);
    expect(figures).toMatchObject({
      turn: 3,
      prompt: 'Read the notes.',
      modelMs: 50,
      toolMs: 30,
      toolCalls: 2,
    });
    expect(figures.engineMs).toBe(20);
    expect(new TurnTally(1, 'x').finish(0).engineMs).toBe(0);
  });

  it('keeps references and cuts apart, and a failure with its code', () => {
    const tally = new TurnTally(2, 'Show me the file.');
    tally.saved('references', 2, 900);
    tally.saved('cuts', 1, 300);
    tally.saved('references', 1, 100);
    tally.condensed();
    tally.retriedAfterOverflow();
    tally.addHeldBack();
    tally.failed('MODEL_FAILED', 'the model failed: down');
    expect(tally.finish(0)).toMatchObject({
      status: 'failed',
      error: { code: 'MODEL_FAILED', message: 'the model failed: down' },
      saved: { references: 3, referenceBytes: 1000, cuts: 1, cutBytes: 300 },
      condensations: 1,
      overflowRetries: 1,
      heldBack: 1,
      reply: null,
    });
  });
});
