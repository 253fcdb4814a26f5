import { describe, expect, it } from 'vitest';
import { FactError } from '../../../engine/errors.js';
import { loadKinds } from '../../../engine/facts/kinds.js';
import { FactStore } from '../../../engine/facts/fact-store.js';
import { newStore, said } from './helpers.js';

const CODENAME = { subject: 'entity', name: 'codename' };

/** What `act` throws, as its class, code and message. */
function thrown(act: () => unknown): { error: unknown; code?: string; message?: string } {
  try {
    act();
  } catch (error) {
    return { error, code: (error as FactError).code, message: (error as Error).message };
  }
  return { error: undefined };
}

describe('FactStore operations', () => {
  it('counts each change it makes, and nothing for an operation that changes nothing', () => {
    const store = newStore();
    expect(store.version).toBe(0);
    store.assert(said('tool', 'entity', 'codename', 'RED FOX', 1));
    expect(store.version).toBe(1);
    store.assert(said('tool', 'entity', 'codename', ' RED  FOX ', 2));
    expect(store.version).toBe(1);
    store.setScope('f1', 'session', 'person', { turn: 3, recordedAt: 3000 });
    expect(store.version).toBe(2);
    expect(store.setScope('f2', 'session', 'person', { turn: 4, recordedAt: 4000 })).toEqual([]);
    expect(store.version).toBe(2);
    expect(store.all()).toHaveLength(2);
    store.delete('f2', 'person');
    expect(store.version).toBe(3);
  });

  it('records a source’s own value again when only its case changes', () => {
    const store = newStore();
    store.assert(said('model', 'entity', 'codename', 'blue heron', 1));
    const changes = store.assert(said('model', 'entity', 'codename', 'Blue Heron', 2));
    expect(changes.map((c) => c.type)).toEqual(['fact.recorded', 'fact.superseded']);
    expect(changes[1]).toMatchObject({ factId: 'f1', by: 'f2' });
    expect(store.winner(CODENAME)).toMatchObject({ id: 'f2', value: 'Blue Heron', version: 2, events: [] });
  });

  it('keeps the person’s own source when they move their fact to the permanent scope', () => {
    const store = newStore();
    store.assert(said('person', 'entity', 'codename', 'BLUE HERON', 1));
    const changes = store.setScope('f1', 'permanent', 'person', { turn: 2, recordedAt: 2000 });
    expect(changes.map((c) => c.type)).toEqual(['fact.scope.changed']);
    expect(store.get('f2')).toMatchObject({
      identity: { scope: 'permanent' },
      source: { kind: 'person', method: 'stated' },
      version: 2,
      temporalClass: 'permanent',
    });
  });

  it('keeps a lone tool fact permanent as a copy of its own, with its events and turns', () => {
    const store = newStore();
    store.assert(
      said('tool', 'entity', 'codename', 'BLUE HERON', 1, {
        entries: [4],
        events: ['evt-7'],
        turns: { first: 1, last: 3 },
      }),
    );
    const changes = store.setScope('f1', 'permanent', 'person', { turn: 5, recordedAt: 5000 });
    expect(changes).toEqual([
      {
        type: 'fact.scope.changed',
        factId: 'f1',
        fact: expect.objectContaining({ id: 'f2', events: ['evt-7'], turns: { first: 1, last: 3 } }),
        from: 'thread',
        to: 'permanent',
        by: 'person',
      },
    ]);
    expect(store.get('f2')).toMatchObject({
      source: { kind: 'person', method: 'noted', detail: 'kept from tool run_command' },
      entries: [4],
      events: ['evt-7'],
      turns: { first: 1, last: 3 },
      turn: 5,
      recordedAt: 5000,
    });
    expect(store.get('f1')?.turns).toEqual({ first: 1, last: 3 });
  });

  it('finds nothing for an id, a subject or a name it never recorded', () => {
    const store = newStore();
    store.assert(said('person', 'entity', 'codename', 'BLUE HERON', 1));
    expect(store.get('f9')).toBeUndefined();
    expect(store.history({ subject: 'entity', name: 'ticket' })).toEqual([]);
    expect(store.history({ subject: 'weather', name: 'codename' })).toEqual([]);
    expect(store.winner({ subject: 'weather', name: 'codename' })).toBeUndefined();
    expect(store.winner({ subject: 'entity', name: 'CodeName' })?.value).toBe('BLUE HERON');
  });

  it('refuses with a code and a message that say what was wrong', () => {
    const store = newStore();
    store.assert(said('tool', 'entity', 'codename', 'BLUE HERON', 1));
    const cases = [
      [
        () => store.assert(said('person', 'weather', 'today', 'sunny', 1)),
        'FACT_INVALID',
        'no subject kind is called "weather"',
      ],
      [
        () => store.assert(said('person', 'entity', 'x', ' ', 1)),
        'FACT_INVALID',
        'a fact about entity needs a value',
      ],
      [() => store.delete('f1', 'model'), 'FACT_NOT_ALLOWED', 'only the person deletes a fact, not model'],
      [
        () => store.setScope('f1', 'session', 'caller', { turn: 2, recordedAt: 2000 }),
        'FACT_NOT_ALLOWED',
        "only the person changes a fact's scope, not caller",
      ],
      [() => store.delete('f9', 'person'), 'FACT_UNKNOWN', 'no fact has the id f9'],
    ] as const;
    for (const [act, code, message] of cases) {
      const { error, ...rest } = thrown(act);
      expect(error).toBeInstanceOf(FactError);
      expect(rest).toEqual({ code, message });
    }
    store.delete('f1', 'person');
    expect(thrown(() => store.delete('f1', 'person'))).toMatchObject({
      code: 'FACT_NOT_CURRENT',
      message: 'fact f1 is deleted',
    });
  });

  it('restores saved facts with their conflicts raised again, and refuses an id used twice', () => {
    const store = newStore();
    store.assert(said('tool', 'entity', 'codename', 'BLUE HERON', 1));
    store.assert(said('model', 'entity', 'codename', 'GREY GULL', 2));
    store.assert(said('person', 'entity', 'owner', 'Maria', 3));
    store.assert(said('model', 'entity', 'owner', 'maria', 4));
    const options = { kinds: loadKinds(), nextId: () => 'f99' };
    const restored = FactStore.restore(options, store.all());
    expect(restored.conflicts()).toEqual(store.conflicts());
    expect(restored.conflicts().map((c) => [c.name, c.winner.id, c.others.map((o) => o.id)])).toEqual([
      ['codename', 'f1', ['f2']],
    ]);
    expect(restored.current()).toEqual(store.current());
    expect(restored.version).toBe(0);

    const [first] = store.all();
    const twice = thrown(() => FactStore.restore(options, [first!, { ...first!, value: 'other' }]));
    expect(twice).toMatchObject({ code: 'FACT_INVALID', message: 'fact id f1 is already in use' });
  });
});
