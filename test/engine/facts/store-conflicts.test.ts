import { describe, expect, it } from 'vitest';
import { FactError } from '../../../engine/errors.js';
import { newStore, said } from './helpers.js';

const TESTS = { subject: 'tests', name: 'swift test' };

describe('FactStore conflicts', () => {
  it('raises a conflict when sources disagree and resolves it when the person states the value', () => {
    const store = newStore();
    store.assert(said('tool', 'tests', 'swift test', 'failed (exit status 1)', 3));
    const raised = store.assert(said('person', 'tests', 'swift test', 'flaky; ignore it', 4));
    expect(raised.map((c) => c.type)).toEqual(['fact.recorded', 'fact.conflict.raised']);
    expect(raised[1]).toEqual({
      type: 'fact.conflict.raised',
      subject: 'tests',
      name: 'swift test',
      winner: { factId: 'f2', source: { kind: 'person', method: 'stated' }, value: 'flaky; ignore it' },
      others: [
        {
          factId: 'f1',
          source: { kind: 'tool', method: 'extracted', detail: 'run_command' },
          value: 'failed (exit status 1)',
        },
      ],
    });
    expect(store.conflicts()).toEqual([
      expect.objectContaining({
        winner: expect.objectContaining({ id: 'f2' }),
        others: [expect.objectContaining({ id: 'f1' })],
      }),
    ]);

    // A new disagreement from the tool does not raise the conflict again.
    const still = store.assert(said('tool', 'tests', 'swift test', 'failed (exit status 2)', 5));
    expect(still.map((c) => c.type)).toEqual(['fact.recorded', 'fact.superseded']);

    const resolved = store.assert(said('person', 'tests', 'swift test', 'Failed (exit status 2)', 6));
    expect(resolved.map((c) => c.type)).toEqual([
      'fact.recorded',
      'fact.superseded',
      'fact.superseded',
      'fact.conflict.resolved',
    ]);
    expect(resolved[3]).toMatchObject({ winner: { factId: 'f4', value: 'Failed (exit status 2)' } });
    expect(store.conflicts()).toEqual([]);
  });

  it('compares values after folding case and spacing, signs that are capitals included', () => {
    const store = newStore();
    // U+212B ANGSTROM SIGN and U+212A KELVIN SIGN fold to the letters å and k.
    store.assert(said('tool', 'entity', 'beam width', '2 \u212B at 4 \u212A', 1));
    store.assert(said('model', 'entity', 'beam width', ' 2 å  AT 4 k', 2));
    expect(store.conflicts()).toEqual([]);
    store.assert(said('model', 'entity', 'beam width', '3 å at 4 k', 3));
    expect(store.conflicts()).toHaveLength(1);
  });

  it('resolves a conflict when the person deletes a side', () => {
    const store = newStore();
    store.assert(said('model', 'entity', 'codename', 'RED FOX', 1));
    store.assert(said('tool', 'entity', 'codename', 'BLUE HERON', 2));
    expect(store.conflicts()).toHaveLength(1);
    const changes = store.delete('f2', 'person');
    expect(changes).toEqual([
      {
        type: 'fact.deleted',
        factId: 'f2',
        identity: { scope: 'thread', subject: 'entity', name: 'codename' },
        by: 'person',
      },
      expect.objectContaining({
        type: 'fact.conflict.resolved',
        winner: expect.objectContaining({ factId: 'f1' }),
      }),
    ]);
    expect(store.get('f2')?.state).toBe('deleted');
    expect(store.winner({ subject: 'entity', name: 'codename' })?.value).toBe('RED FOX');
  });

  it('lets only the person delete a fact or change its scope', () => {
    const store = newStore();
    store.assert(said('tool', 'tests', 'swift test', 'passed', 1));
    for (const by of ['caller', 'tool', 'model'] as const) {
      expect(() => store.delete('f1', by)).toThrow(FactError);
      expect(() => store.setScope('f1', 'session', by, { turn: 2, recordedAt: 2000 })).toThrow(
        /only the person/,
      );
    }
    expect(store.get('f1')?.state).toBe('current');
    expect(() => store.delete('f9', 'person')).toThrow(expect.objectContaining({ code: 'FACT_UNKNOWN' }));
    store.delete('f1', 'person');
    expect(() => store.delete('f1', 'person')).toThrow(expect.objectContaining({ code: 'FACT_NOT_CURRENT' }));
    expect(store.winner(TESTS)).toBeUndefined();
  });

  it('moves a fact to another scope as a new copy, the old one kept as history', () => {
    const store = newStore();
    store.assert(said('tool', 'tests', 'swift test', 'passed', 1, { entries: [5] }));
    const changes = store.setScope('f1', 'session', 'person', { turn: 2, recordedAt: 2000 });
    expect(changes).toEqual([
      expect.objectContaining({
        type: 'fact.scope.changed',
        factId: 'f1',
        from: 'thread',
        to: 'session',
        by: 'person',
      }),
    ]);
    expect(store.get('f1')).toMatchObject({ state: 'superseded', supersededBy: 'f2' });
    expect(store.get('f2')).toMatchObject({
      identity: { scope: 'session' },
      temporalClass: 'ephemeral',
      source: { kind: 'tool' },
      entries: [5],
    });
    // The tool's next value stays where the person put it.
    store.assert(said('tool', 'tests', 'swift test', 'failed', 3));
    expect(store.winner(TESTS)?.identity.scope).toBe('session');
  });

  it('makes a fact the person keeps permanent theirs, so a tool that disagrees later is the conflict', () => {
    const store = newStore();
    store.assert(said('person', 'entity', 'codename', 'RED FOX', 1));
    store.assert(said('tool', 'entity', 'codename', 'BLUE HERON', 2));
    const changes = store.setScope('f2', 'permanent', 'person', { turn: 3, recordedAt: 3000 });
    expect(changes.map((c) => c.type)).toEqual([
      'fact.scope.changed',
      'fact.superseded',
      'fact.conflict.resolved',
    ]);
    expect(store.get('f3')).toMatchObject({
      identity: { scope: 'permanent' },
      source: { kind: 'person', method: 'noted', detail: 'kept from tool run_command' },
      version: 2,
    });
    store.assert(said('tool', 'entity', 'codename', 'GREY GULL', 4));
    expect(store.winner({ subject: 'entity', name: 'codename' })?.value).toBe('BLUE HERON');
    expect(store.conflicts()).toHaveLength(1);
  });
});
