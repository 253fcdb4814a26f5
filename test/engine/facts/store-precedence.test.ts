import { describe, expect, it } from 'vitest';
import { newStore, said } from './helpers.js';

const CODENAME = { subject: 'entity', name: 'release codename' };

describe('FactStore precedence and versions', () => {
  it('shows the person over a tool over the model, whatever the order', () => {
    const store = newStore();
    store.assert(said('person', 'entity', 'release codename', 'BLUE HERON', 1));
    store.assert(said('tool', 'entity', 'release codename', 'GREY GULL', 2));
    store.assert(said('model', 'entity', 'release codename', 'RED FOX', 3));
    expect(store.winner(CODENAME)?.value).toBe('BLUE HERON');

    const other = newStore();
    other.assert(said('model', 'entity', 'release codename', 'RED FOX', 1));
    other.assert(said('tool', 'entity', 'release codename', 'GREY GULL', 2));
    expect(other.winner(CODENAME)?.value).toBe('GREY GULL');
    other.assert(said('caller', 'entity', 'release codename', 'WHITE OWL', 3));
    expect(other.winner(CODENAME)?.value).toBe('WHITE OWL');
  });

  it('lets the newer win a tie between the person and a caller', () => {
    const store = newStore();
    store.assert(said('caller', 'entity', 'release codename', 'WHITE OWL', 1));
    store.assert(said('person', 'entity', 'release codename', 'BLUE HERON', 2));
    expect(store.winner(CODENAME)?.value).toBe('BLUE HERON');
    store.assert(said('caller', 'entity', 'release codename', 'BLACK SWAN', 3));
    expect(store.winner(CODENAME)?.value).toBe('BLACK SWAN');
  });

  it('breaks a tie at the same time by the order of assertion', () => {
    const store = newStore();
    store.assert(said('person', 'entity', 'release codename', 'BLUE HERON', 1));
    store.assert(said('caller', 'entity', 'release codename', 'WHITE OWL', 1));
    expect(store.winner(CODENAME)?.value).toBe('WHITE OWL');
  });

  it('lets the later recorded win a tie, whatever order the assertions came in', () => {
    const store = newStore();
    store.assert(said('person', 'entity', 'release codename', 'BLUE HERON', 2));
    store.assert(said('caller', 'entity', 'release codename', 'WHITE OWL', 1));
    expect(store.winner(CODENAME)?.value).toBe('BLUE HERON');
  });

  it('lists the sources that disagree with the winner strongest first', () => {
    const store = newStore();
    store.assert(said('person', 'entity', 'release codename', 'BLUE HERON', 1));
    store.assert(said('model', 'entity', 'release codename', 'RED FOX', 2));
    store.assert(said('tool', 'entity', 'release codename', 'GREY GULL', 3));
    store.assert(said('caller', 'entity', 'release codename', 'WHITE OWL', 4));
    const [conflict] = store.conflicts();
    expect(conflict?.winner.value).toBe('WHITE OWL');
    expect(conflict?.others.map((f) => f.source.kind)).toEqual(['person', 'tool', 'model']);
  });

  it('holds a value once between sources of equal rank: the first keeps it', () => {
    const store = newStore();
    store.assert(said('caller', 'entity', 'release codename', 'BLUE HERON', 1));
    expect(store.assert(said('person', 'entity', 'release codename', 'blue heron', 2))).toEqual([]);
    expect(store.winner(CODENAME)?.source.kind).toBe('caller');
  });

  it('supersedes a source’s older value with its newer one and keeps the older as history', () => {
    const store = newStore();
    store.assert(said('person', 'entity', 'Release  Codename', 'BLUE HERON', 1));
    const changes = store.assert(said('person', 'entity', 'release codename', 'GREEN FINCH', 2));
    expect(changes.map((c) => c.type)).toEqual(['fact.recorded', 'fact.superseded']);
    expect(changes[0]).toMatchObject({
      fact: { id: 'f2', version: 2, value: 'GREEN FINCH' },
      supersedes: ['f1'],
    });
    expect(changes[1]).toMatchObject({ factId: 'f1', by: 'f2' });
    const history = store.history({ subject: 'entity', name: 'RELEASE codename' });
    expect(history.map((f) => [f.id, f.version, f.state, f.supersededBy])).toEqual([
      ['f1', 1, 'superseded', 'f2'],
      ['f2', 2, 'current', null],
    ]);
    expect(store.current().map((f) => f.value)).toEqual(['GREEN FINCH']);
  });

  it('adds nothing when a source repeats its own value', () => {
    const store = newStore();
    store.assert(said('tool', 'command', 'npm test', 'exit status 0', 1));
    expect(store.assert(said('tool', 'command', 'npm  test', 'exit status 0', 2))).toEqual([]);
    expect(store.all()).toHaveLength(1);
  });

  it('holds a value once: a weaker source repeating it adds nothing, and its own old value gives way', () => {
    const store = newStore();
    store.assert(said('model', 'entity', 'release codename', 'RED FOX', 1));
    store.assert(said('person', 'entity', 'release codename', 'Blue Heron', 2));
    const changes = store.assert(said('model', 'entity', 'release codename', 'blue  HERON', 3));
    expect(changes).toEqual([
      { type: 'fact.superseded', factId: 'f1', identity: expect.objectContaining(CODENAME), by: 'f2' },
      expect.objectContaining({
        type: 'fact.conflict.resolved',
        winner: expect.objectContaining({ factId: 'f2' }),
      }),
    ]);
    expect(store.all()).toHaveLength(2);
    expect(store.conflicts()).toEqual([]);
    expect(store.winner(CODENAME)).toMatchObject({ id: 'f2', source: { kind: 'person' } });
  });

  it('holds a value once: a stronger source repeating it replaces the weaker', () => {
    const store = newStore();
    store.assert(said('tool', 'entity', 'release codename', 'BLUE HERON', 1));
    const changes = store.assert(said('person', 'entity', 'release codename', 'blue heron', 2));
    expect(changes.map((c) => c.type)).toEqual(['fact.recorded', 'fact.superseded']);
    expect(changes[0]).toMatchObject({
      fact: { id: 'f2', source: { kind: 'person' }, version: 1 },
      supersedes: ['f1'],
    });
    expect(store.get('f1')).toMatchObject({ state: 'superseded', supersededBy: 'f2' });
    expect(store.current().map((f) => f.id)).toEqual(['f2']);
  });

  it('counts versions per source and keeps entries, events and the fact’s temporal class', () => {
    const store = newStore();
    store.assert(said('tool', 'tests', 'npm test', '3 passed', 1, { entries: [4], events: ['evt-7'] }));
    store.assert(said('model', 'tests', 'npm test', 'all passing', 2));
    store.assert(
      said('tool', 'tests', 'npm test', '2 passed, 1 failed', 3, { entries: [9], events: ['evt-12'] }),
    );
    const history = store.history({ subject: 'tests', name: 'npm test' });
    expect(history.map((f) => [f.source.kind, f.version])).toEqual([
      ['tool', 1],
      ['model', 1],
      ['tool', 2],
    ]);
    expect(history[2]).toMatchObject({ entries: [9], events: ['evt-12'], temporalClass: 'dynamic' });
    expect(history[2]?.identity).toEqual({ scope: 'thread', subject: 'tests', name: 'npm test' });
  });

  it('keeps anyone but the person out of the permanent scope', () => {
    const store = newStore();
    store.assert(said('model', 'preference', "Maria's reviews", 'prefers early returns', 1));
    store.assert(said('person', 'preference', 'tabs', 'two spaces', 2));
    const [model, person] = store.current();
    expect(model).toMatchObject({
      identity: { scope: 'thread', name: "maria's reviews" },
      temporalClass: 'dynamic',
    });
    expect(person).toMatchObject({ identity: { scope: 'permanent' }, temporalClass: 'permanent' });
    store.assert(said('tool', 'entity', 'x', 'y', 3, { scope: 'permanent' }));
    expect(store.winner({ subject: 'entity', name: 'x' })?.identity.scope).toBe('thread');
  });

  it('refuses a subject no kind declares and an empty value', () => {
    const store = newStore();
    expect(() => store.assert(said('person', 'weather', 'today', 'sunny', 1))).toThrow(/no subject kind/);
    expect(() => store.assert(said('person', 'entity', 'x', '  ', 1))).toThrow(/needs a value/);
  });

  it('hands out copies that do not reach back into the store', () => {
    const store = newStore();
    store.assert(said('person', 'entity', 'x', 'one', 1, { turns: { first: 1, last: 3 } }));
    const fact = store.current()[0];
    if (fact) fact.value = 'tampered';
    if (fact?.turns) fact.turns.first = 2;
    expect(store.winner({ subject: 'entity', name: 'x' })).toMatchObject({
      value: 'one',
      turns: { first: 1, last: 3 },
    });
  });
});
