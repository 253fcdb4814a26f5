import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DISTIL_SCHEMA,
  FACTS_AND_SUMMARY_SCHEMA,
  MAX_DISTILLED,
  SUMMARY_SCHEMA,
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

  it('skips a fact whose subject or name is not text rather than failing on it', () => {
    const answer = {
      facts: [fact(1, { name: 7 }), fact(2, { subject: ['entity'] }), fact(3, { value: '  \n' }), fact(4)],
    };
    expect(readDistilled(answer, allowed).map((f) => f.name)).toEqual(['name 4']);
  });

  it('refuses a summary that is missing or not text, whatever the answer is', () => {
    for (const answer of [null, undefined, {}, { summary: 7 }, { summary: ['text'] }]) {
      expect(() => readSummary(answer)).toThrow('the answer has no summary');
    }
  });

  it("says the person said a fact the answer gives as the person's", () => {
    const leaving = [{ turn: 4, entries: [9], lines: [] }];
    expect(distilledAssertion(fact(1), leaving, 5, 0).source).toEqual({
      kind: 'model',
      method: 'distilled',
      detail: 'the person said',
    });
  });

  it('spans the first to the last leaving turn, or the current turn when none leave', () => {
    const leaving = [2, 3, 5].map((turn) => ({ turn, entries: [turn * 10], lines: [] }));
    expect(distilledAssertion(fact(1), leaving, 8, 0).turns).toEqual({ first: 2, last: 5 });
    const alone = distilledAssertion(fact(1), [], 8, 0);
    expect(alone.turns).toEqual({ first: 8, last: 8 });
    expect(alone.entries).toEqual([]);
  });
});

describe('the schemas the guided calls carry', () => {
  // What a guided call's schema lets the model answer, read as the server reads JSON Schema.
  const accepts = (schema: object, answer: unknown) =>
    z.fromJSONSchema(schema as never).safeParse(answer).success;
  const item = { subject: 'entity', name: 'codename', value: 'HERON', said: 'person' };
  const fields = ['subject', 'name', 'value', 'said'] as const;
  const withItem = (changed: unknown) => ({ facts: [changed] });
  const without = (field: string) => Object.fromEntries(Object.entries(item).filter(([k]) => k !== field));

  it('lets a distillation answer at most 12 facts, each with four text fields, said by the person or the model', () => {
    expect(accepts(DISTIL_SCHEMA, { facts: [item, { ...item, said: 'model' }] })).toBe(true);
    expect(accepts(DISTIL_SCHEMA, { facts: [] })).toBe(true);
    expect(accepts(DISTIL_SCHEMA, { facts: Array.from({ length: 13 }, () => item) })).toBe(false);
    for (const wrong of [
      'facts',
      {},
      { facts: 'HERON' },
      withItem('HERON'),
      withItem({ ...item, said: 'someone' }),
    ])
      expect(accepts(DISTIL_SCHEMA, wrong)).toBe(false);
    for (const field of fields) {
      expect(accepts(DISTIL_SCHEMA, withItem({ ...item, [field]: 7 }))).toBe(false);
      expect(accepts(DISTIL_SCHEMA, withItem(without(field)))).toBe(false);
    }
  });

  it('lets the combined call answer the same facts and a summary text, both required', () => {
    expect(accepts(FACTS_AND_SUMMARY_SCHEMA, { facts: [item], summary: 'Read two files.' })).toBe(true);
    for (const wrong of [
      { facts: [item] },
      { summary: 'Read two files.' },
      { facts: [item], summary: 7 },
      { facts: [without('said')], summary: 'Read two files.' },
    ])
      expect(accepts(FACTS_AND_SUMMARY_SCHEMA, wrong)).toBe(false);
  });

  it('names only JSON Schema types, which a server compiling the schema needs', () => {
    const types = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
    const named = (node: unknown): unknown[] =>
      node !== null && typeof node === 'object'
        ? [
            ...('type' in node ? [node.type] : []),
            ...Object.entries(node).flatMap(([k, v]) => (k === 'type' ? [] : named(v))),
          ]
        : [];
    for (const schema of [DISTIL_SCHEMA, FACTS_AND_SUMMARY_SCHEMA, SUMMARY_SCHEMA]) {
      const found = named(schema);
      expect(found.length).toBeGreaterThan(1);
      for (const type of found) expect(types).toContain(type);
    }
  });

  it('lets the summary call answer a summary text alone', () => {
    expect(accepts(SUMMARY_SCHEMA, { summary: 'Read two files.' })).toBe(true);
    for (const wrong of ['Read two files.', {}, { summary: 7 }])
      expect(accepts(SUMMARY_SCHEMA, wrong)).toBe(false);
  });
});
