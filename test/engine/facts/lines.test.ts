import { describe, expect, it } from 'vitest';
import type { Fact, FactSource } from '../../../engine/facts/fact.js';
import { factLine, oneLine } from '../../../engine/facts/lines.js';

function fact(change: Partial<Fact> & { source: FactSource }): Fact {
  return {
    id: 'f1',
    identity: { scope: 'thread', subject: 'entity', name: 'codename' },
    version: 1,
    value: 'BLUE HERON',
    temporalClass: 'dynamic',
    entries: [],
    events: [],
    recordedAt: 0,
    turn: 2,
    supersededBy: null,
    state: 'current',
    ...change,
  };
}

const PERSON: FactSource = { kind: 'person', method: 'stated' };

describe('a fact’s line', () => {
  it('shows a value of 160 characters and a name of 60 whole, and cuts one character more', () => {
    const value = 'v'.repeat(160);
    const name = 'n'.repeat(60);
    expect(
      factLine(fact({ source: PERSON, value, identity: { scope: 'thread', subject: 'entity', name } })),
    ).toBe(`- entity ${name}: ${value} — from the person`);
    expect(factLine(fact({ source: PERSON, value: `${value}w` }))).toBe(
      `- entity codename: ${'v'.repeat(159)}… — from the person`,
    );
  });

  it('keeps a long path’s end from the first slash in reach, or its last 59 characters when none is', () => {
    const path = (name: string) =>
      factLine(fact({ source: PERSON, identity: { scope: 'thread', subject: 'file', name } }));
    const deep = `${'docs/'.repeat(4)}x/${'storage-engine-notes/'.repeat(2)}on-facts.md`;
    expect(path(deep)).toBe(
      '- file …/x/storage-engine-notes/storage-engine-notes/on-facts.md: BLUE HERON — from the person',
    );
    expect(path(`a/${'b'.repeat(80)}`)).toBe(`- file …${'b'.repeat(59)}: BLUE HERON — from the person`);
    const sixty = `docs/${'s'.repeat(52)}.md`;
    expect(path(sixty)).toBe(`- file ${sixty}: BLUE HERON — from the person`);
  });

  it('names its source with what the source says of itself, its turns and its entries', () => {
    const kept: FactSource = { kind: 'person', method: 'noted', detail: 'kept from tool run_command' };
    expect(factLine(fact({ source: kept }))).toBe(
      '- entity codename: BLUE HERON — from the person, kept from tool run_command',
    );
    expect(factLine(fact({ source: { kind: 'tool', method: 'extracted' }, entries: [4, 5] }))).toBe(
      '- entity codename: BLUE HERON — from tool unnamed, turn 2, entries 4, 5',
    );
    expect(
      factLine(
        fact({ source: { kind: 'model', method: 'distilled', detail: '' }, turns: { first: 3, last: 3 } }),
      ),
    ).toBe('- entity codename: BLUE HERON — from model, distilled, turn 3');
  });

  it('notes each source that disagrees, the strongest first', () => {
    const others = [
      fact({ id: 'f2', source: { kind: 'caller', method: 'stated' }, value: 'GREY GULL' }),
      fact({ id: 'f3', source: { kind: 'tool', method: 'extracted' }, value: 'RED FOX' }),
    ];
    expect(factLine(fact({ source: PERSON }), others)).toBe(
      '- entity codename: BLUE HERON — from the person; another source disagrees: the caller says GREY GULL; another source disagrees: a tool says RED FOX',
    );
  });

  it('puts text on one line, each run of breaks and spaces one space, its ends trimmed', () => {
    expect(oneLine('\r\n  The person asked.\r\n\r\n\tThe model read a.md.\u2028 ')).toBe(
      'The person asked. The model read a.md.',
    );
  });
});
