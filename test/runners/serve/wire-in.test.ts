import { describe, expect, it } from 'vitest';
import { purposeOf } from '../../../runners/serve/wire-in.js';

describe('the loopback server routes a guided call by its schema', () => {
  it('to the distiller, the summary, or the two memory verbs that read a stored output', () => {
    const schema = (...names: string[]) => ({
      type: 'object',
      properties: Object.fromEntries(names.map((n) => [n, {}])),
    });
    expect(purposeOf(schema('facts', 'summary'))).toBe('facts-and-summary');
    expect(purposeOf(schema('facts'))).toBe('distil');
    expect(purposeOf(schema('summary'))).toBe('summary');
    expect(purposeOf(schema('notable'))).toBe('output-summary');
    expect(purposeOf(schema('found', 'answer'))).toBe('output-condense');
    expect(purposeOf(schema('answer'))).toBeNull();
  });
});
