import { describe, expect, it } from 'vitest';
import { composeMessages, entriesAtFirstRequest, entriesAtTurn } from '../../../engine/compose/composer.js';
import { storeWithTurns } from '../helpers.js';

describe('composeMessages', () => {
  it('sends the instructions first, then the literal turns in order', () => {
    const store = storeWithTurns([{ prompt: 'read a.md', output: '1\thello', reply: 'it says hello' }]);
    const messages = composeMessages(store.active(), { turn: 2 });
    expect(messages).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'read a.md' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ callId: 'c3', tool: 'read_file', arguments: { path: 'a.md' } }],
      },
      { role: 'tool', callId: 'c3', tool: 'read_file', content: '1\thello' },
      { role: 'assistant', content: 'it says hello' },
    ]);
  });

  it('leaves dropped entries out', () => {
    const store = storeWithTurns([
      { prompt: 'one', reply: 'a' },
      { prompt: 'two', reply: 'b' },
    ]);
    store.drop([2, 3], 'evt-1', 3);
    expect(composeMessages(store.active(), { turn: 3 }).map((m) => m.content)).toEqual([
      'be brief',
      'two',
      'b',
    ]);
  });

  it('sends an output as its reference from the turn the reference starts, and a cut reply with its marker', () => {
    const store = storeWithTurns([{ prompt: 'show a.md', output: '1\thello world', reply: 'hello world' }]);
    store.reference(4, 2, '[output of entry 4 not repeated]');
    store.cut(
      5,
      [{ start: 0, end: 11, outputEntry: 4, tool: 'read_file', words: 2, coverage: 1 }],
      '(marker)',
    );
    const during = composeMessages(store.active(), { turn: 1 }).map((m) => m.content);
    const after = composeMessages(store.active(), { turn: 2 }).map((m) => m.content);
    expect(during).toContain('1\thello world');
    expect(during).toContain('hello world');
    expect(after).toContain('[output of entry 4 not repeated]');
    expect(after).toContain('(marker)');
  });

  it('places blocks after the instructions and before the latest prompt', () => {
    const store = storeWithTurns([{ prompt: 'one', reply: 'a' }, { prompt: 'two' }]);
    const contents = composeMessages(store.active(), {
      turn: 2,
      earlierBlock: 'EARLIER',
      nowBlock: 'NOW',
    }).map((m) => m.content);
    expect(contents).toEqual(['be brief', 'EARLIER', 'one', 'a', 'NOW', 'two']);
  });
});

describe('entriesAtTurn', () => {
  it('rebuilds the context of an earlier turn from the store', () => {
    const store = storeWithTurns([
      { prompt: 'one', reply: 'a' },
      { prompt: 'two', output: 'out', reply: 'b' },
      { prompt: 'three', reply: 'c' },
      { prompt: 'four', reply: 'd' },
    ]);
    // Before turn 4 a condensation dropped turn 1; the output of turn 2 became a reference at turn 3.
    store.drop([2, 3], 'evt-1', 4);
    store.reference(6, 3, '[ref of 6]');
    const at2 = composeMessages(entriesAtTurn(store.all(), 2), { turn: 2 }).map((m) => m.content);
    expect(at2).toEqual(['be brief', 'one', 'a', 'two', '', 'out', 'b']);
    const at3 = composeMessages(entriesAtTurn(store.all(), 3), { turn: 3 }).map((m) => m.content);
    expect(at3).toEqual(['be brief', 'one', 'a', 'two', '', '[ref of 6]', 'b', 'three', 'c']);
    const at4 = composeMessages(entriesAtTurn(store.all(), 4), { turn: 4 }).map((m) => m.content);
    expect(at4).toEqual(['be brief', 'two', '', '[ref of 6]', 'b', 'three', 'c', 'four', 'd']);
  });
});

describe('entriesAtFirstRequest', () => {
  it("keeps what an overflow dropped after the turn's first request, and not what was dropped ahead of it", () => {
    const store = storeWithTurns([
      { prompt: 'one', reply: 'a' },
      { prompt: 'two', reply: 'b' },
    ]);
    // Ahead of turn 3's first request a condensation drops turn 1; that request overflows, and the
    // recovery drops turn 2 during the same turn before the retry.
    store.drop([2, 3], 'evt-1', 3);
    store.append({ kind: 'prompt', turn: 3, text: 'three', sources: [], recordedAt: 0 });
    store.drop([4, 5], 'evt-2', 3);
    store.append({ kind: 'reply', turn: 3, text: 'c', sources: [], recordedAt: 0 });
    const first = composeMessages(entriesAtFirstRequest(store.all(), 3), { turn: 3 });
    expect(first.map((m) => m.content)).toEqual(['be brief', 'two', 'b', 'three']);
    // The turn's latest request no longer carried turn 2.
    const latest = composeMessages(entriesAtTurn(store.all(), 3, 6), { turn: 3 });
    expect(latest.map((m) => m.content)).toEqual(['be brief', 'three']);
    // A turn that stored no prompt: its start, less everything dropped by then.
    expect(entriesAtFirstRequest(store.all(), 4).map((e) => e.id)).toEqual([1, 6, 7]);
  });
});
