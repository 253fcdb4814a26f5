import { describe, expect, it } from 'vitest';
import { groupTurns } from '../../../engine/store/turns.js';
import { storeWithTurns } from '../helpers.js';

describe('groupTurns', () => {
  it('keeps tool calls and outputs with the prompt that caused them', () => {
    const store = storeWithTurns([
      { prompt: 'one', output: 'file', reply: 'read it' },
      { prompt: 'two', reply: 'ok' },
    ]);
    const { lead, turns, tail } = groupTurns(store.active());
    expect(lead.map((e) => e.kind)).toEqual(['instructions']);
    expect(turns.map((t) => t.entries.map((e) => e.kind))).toEqual([
      ['prompt', 'toolCall', 'toolOutput', 'reply'],
      ['prompt', 'reply'],
    ]);
    expect(turns.map((t) => t.turn)).toEqual([1, 2]);
    expect(tail).toBeNull();
  });

  it("puts a person's command with the turn after it, and counts it as no turn", () => {
    const store = storeWithTurns([
      { prompt: 'one', reply: 'a' },
      { prompt: '! npm test', command: true },
      { prompt: 'two', reply: 'b' },
    ]);
    const { turns } = groupTurns(store.active());
    expect(turns).toHaveLength(2);
    expect(turns[1]?.entries.map((e) => e.text)).toEqual(['! npm test', 'two', 'b']);
  });

  it('keeps commands after the last turn as a tail', () => {
    const store = storeWithTurns([
      { prompt: 'one', reply: 'a' },
      { prompt: '! ls', command: true },
    ]);
    const { turns, tail } = groupTurns(store.active());
    expect(turns).toHaveLength(1);
    expect(tail?.entries.map((e) => e.text)).toEqual(['! ls']);
  });
});
