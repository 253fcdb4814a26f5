import { describe, expect, it } from 'vitest';
import { ContextStore } from '../../../engine/store/store.js';
import { storeWithTurns } from '../helpers.js';

describe('ContextStore', () => {
  it('gives entries stable ids in the order they were recorded', () => {
    const store = storeWithTurns([
      { prompt: 'hello', reply: 'hi' },
      { prompt: 'again', reply: 'yes' },
    ]);
    expect(store.all().map((e) => [e.id, e.kind, e.turn])).toEqual([
      [1, 'instructions', 0],
      [2, 'prompt', 1],
      [3, 'reply', 1],
      [4, 'prompt', 2],
      [5, 'reply', 2],
    ]);
    expect(store.get(4)?.text).toBe('again');
    expect(store.nextId()).toBe(6);
  });

  it('keeps dropped entries, marked with the condensation and the turn that dropped them', () => {
    const store = storeWithTurns([
      { prompt: 'a', reply: 'b' },
      { prompt: 'c', reply: 'd' },
    ]);
    store.drop([2, 3], 'evt-9', 3);
    expect(store.active().map((e) => e.id)).toEqual([1, 4, 5]);
    expect(store.all()).toHaveLength(5);
    expect(store.get(2)).toMatchObject({ active: false, droppedBy: 'evt-9', droppedAt: 3 });
  });

  it('does not re-mark an entry dropped twice', () => {
    const store = storeWithTurns([{ prompt: 'a', reply: 'b' }]);
    store.drop([2], 'evt-1', 2);
    store.drop([2], 'evt-2', 5);
    expect(store.get(2)).toMatchObject({ droppedBy: 'evt-1', droppedAt: 2 });
  });

  it('records a reference once, on tool outputs only', () => {
    const store = storeWithTurns([{ prompt: 'read', output: 'text', reply: 'done' }]);
    store.reference(4, 2, '[ref]');
    store.reference(4, 3, '[other]');
    expect(store.get(4)).toMatchObject({ referencedAt: 2, reference: '[ref]' });
    expect(() => store.reference(2, 2, 'x')).toThrow(/not a tool output/);
  });

  it('records cuts on replies only, keeping the reply whole', () => {
    const store = storeWithTurns([{ prompt: 'show', output: 'text', reply: 'text shown' }]);
    const cut = { start: 0, end: 4, outputEntry: 4, tool: 'read_file', words: 1, coverage: 1 };
    store.cut(5, [cut], '(marker) shown');
    expect(store.get(5)).toMatchObject({ text: 'text shown', cutText: '(marker) shown', cuts: [cut] });
    expect(() => store.cut(2, [cut], 'x')).toThrow(/not a reply/);
  });

  it('refuses an unknown id', () => {
    expect(() => new ContextStore().drop([3], 'e', 1)).toThrow(/no entry 3/);
  });
});
