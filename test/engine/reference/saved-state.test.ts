/**
 * The reference's rules for what a saved conversation keeps of its facts, and two bounds of the
 * output store, each stated as a test: the sidecar's facts decode only in their exact shape, every
 * value each field may take round-trips, and anything else is refused with its path.
 */
import { describe, expect, it } from 'vitest';
import { decodeFactsState } from '../../../engine/facts/saved-facts.js';
import { MIN_TOOL_OUTPUT_BYTES, toolOutputBudget } from '../../../engine/output/budget.js';
import { isValidOutputId } from '../../../engine/output/store-port.js';

const fact = {
  id: 'fact-1',
  identity: { scope: 'thread', subject: 'entity', name: 'codename' },
  source: { kind: 'person', method: 'stated', detail: 'the person said' },
  version: 1,
  value: 'BLUE HERON',
  temporalClass: 'dynamic',
  entries: [2],
  events: ['evt-3'],
  recordedAt: 0,
  turn: 1,
  turns: { first: 1, last: 2 },
  supersededBy: null,
  state: 'current',
};
const summary = {
  version: 1,
  text: 'The person asked.',
  turns: [1],
  added: [2],
  events: ['evt-2'],
  highestEntry: 2,
  writtenIn: 3,
  writtenAt: 0,
  model: 'fake',
};
const waiting = { turn: 2, entries: [5, 6], lines: ['person: hello'] };
const state = (change: Record<string, unknown> = {}) => ({
  facts: [{ ...fact, ...change }],
  summaries: [summary],
  waiting: [waiting],
  lastFactId: 1,
});

describe('the saved facts state', () => {
  it.each([
    ['identity', ['permanent', 'thread', 'session'].map((scope) => ({ ...fact.identity, scope }))],
    [
      'source',
      ['person', 'caller', 'tool', 'model'].flatMap((kind) =>
        ['stated', 'extracted', 'distilled', 'noted', 'inferred'].map((method) => ({ kind, method })),
      ),
    ],
    ['temporalClass', ['permanent', 'dynamic', 'ephemeral']],
    ['state', ['current', 'superseded', 'deleted']],
  ])('decodes every value its %s may take', (field, values) => {
    for (const value of values)
      expect(decodeFactsState(state({ [field]: value }))).toEqual(state({ [field]: value }));
  });

  it.each([
    ['facts.0.identity.scope', { identity: { ...fact.identity, scope: 'global' } }],
    ['facts.0.identity', { identity: 'thread' }],
    ['facts.0.source.kind', { source: { ...fact.source, kind: 'robot' } }],
    ['facts.0.source.method', { source: { ...fact.source, method: 'guessed' } }],
    ['facts.0.source', { source: null }],
    ['facts.0.temporalClass', { temporalClass: 'forever' }],
    ['facts.0.state', { state: 'gone' }],
    ['facts.0.turns', { turns: [1, 2] }],
    ['facts.0.turns.first', { turns: { first: 'one', last: 2 } }],
    ['facts.0', { id: 7 }],
  ])('refuses a fact whose %s is off its shape, naming the path', (path, change) => {
    const problem = decodeFactsState(state(change));
    expect(typeof problem).toBe('string');
    // The path as the problem names it: facts.0.source.kind is `facts.facts[0].source.kind`.
    expect(String(problem).startsWith(`facts.${path.replace(/^facts\.0/, 'facts[0]')}`)).toBe(true);
  });

  it('refuses a summary, a waiting turn or the state itself off their shape', () => {
    expect(typeof decodeFactsState({ ...state(), summaries: [{ ...summary, text: 3 }] })).toBe('string');
    expect(typeof decodeFactsState({ ...state(), summaries: ['s'] })).toBe('string');
    expect(typeof decodeFactsState({ ...state(), waiting: [{ ...waiting, lines: 'x' }] })).toBe('string');
    expect(typeof decodeFactsState({ ...state(), waiting: [7] })).toBe('string');
    expect(typeof decodeFactsState(null)).toBe('string');
    expect(typeof decodeFactsState({ ...state(), lastFactId: -1 })).toBe('string');
  });
});

describe('the output store’s bounds', () => {
  it('a window nobody knows, or one that is not a positive number, gets the floor of the budget', () => {
    for (const window of [undefined, Number.NaN, Number.POSITIVE_INFINITY, 0, -8192])
      expect(toolOutputBudget(window)).toBe(MIN_TOOL_OUTPUT_BYTES);
    expect(toolOutputBudget(53_248)).toBe(26_624);
  });

  it('an output id is letters, digits, ".", "_" and "-", not starting with a dot, at most 200 characters', () => {
    expect(isValidOutputId('call-1')).toBe(true);
    expect(isValidOutputId('a'.repeat(200))).toBe(true);
    expect(isValidOutputId('a'.repeat(201))).toBe(false);
    expect(isValidOutputId('.hidden')).toBe(false);
    expect(isValidOutputId('a/b')).toBe(false);
    expect(isValidOutputId('ok\n')).toBe(false);
    expect(isValidOutputId('/abs')).toBe(false);
  });
});
