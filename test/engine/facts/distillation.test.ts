import { describe, expect, it } from 'vitest';
import {
  DISTIL_SCHEMA,
  MAX_DISTILLED,
  distilledAssertion,
  readDistilled,
  readSummary,
} from '../../../engine/facts/distillation.js';

const allowed = new Set(['entity', 'decision']);

function fact(n: number, extra: Record<string, unknown> = {}) {
  return { subject: 'entity', name: `name ${n}`, value: `value ${n}`, said: 'person', ...extra };
}

describe('reading a distillation answer', () => {
  it('takes the first 12 facts of a longer list, as the schema and the prompt say', () => {
    const answer = { facts: Array.from({ length: 15 }, (_, i) => fact(i + 1)) };
    const read = readDistilled(answer, allowed);
    expect(MAX_DISTILLED).toBe(12);
    expect(DISTIL_SCHEMA.properties.facts.maxItems).toBe(12);
    expect(read).toHaveLength(12);
    expect(read.at(-1)?.name).toBe('name 12');
  });

  it('skips subjects the distiller may not use, blank names and values, and fields that are not text', () => {
    const answer = {
      facts: [
        fact(1, { subject: 'file' }),
        fact(2, { name: '  ' }),
        fact(3, { value: '' }),
        fact(4, { value: 7 }),
        fact(5, { subject: 'decision' }),
      ],
    };
    expect(readDistilled(answer, allowed).map((f) => f.name)).toEqual(['name 5']);
  });

  it('keeps the later of two facts about one subject and name, whatever their case', () => {
    const answer = { facts: [fact(1, { name: 'Codename' }), fact(2, { name: 'codename', value: 'HERON' })] };
    expect(readDistilled(answer, allowed)).toEqual([
      { subject: 'entity', name: 'codename', value: 'HERON', said: 'person' },
    ]);
  });

  it('refuses an answer without a list of facts, and one without a summary', () => {
    expect(() => readDistilled({ summary: 'x' }, allowed)).toThrow('the answer has no list of facts');
    expect(() => readDistilled(null, allowed)).toThrow('the answer has no list of facts');
    expect(() => readSummary({ summary: '  ' })).toThrow('the answer has no summary');
    expect(readSummary({ summary: 'Read two files.' })).toBe('Read two files.');
  });

  it("asserts a distilled fact as the model's, from the leaving turns' entries", () => {
    const leaving = [
      { turn: 2, entries: [3, 4], lines: [] },
      { turn: 3, entries: [5], lines: [] },
    ];
    expect(distilledAssertion(fact(1, { said: 'model' }), leaving, 6, 1000)).toEqual({
      subject: 'entity',
      name: 'name 1',
      value: 'value 1',
      source: { kind: 'model', method: 'distilled', detail: 'the model concluded' },
      entries: [3, 4, 5],
      turn: 6,
      turns: { first: 2, last: 3 },
      recordedAt: 1000,
    });
  });
});
