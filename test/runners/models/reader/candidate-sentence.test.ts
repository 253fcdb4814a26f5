import { describe, expect, it } from 'vitest';
import { isCandidate } from '../../../../runners/models/reader/candidate-sentence.js';

describe('isCandidate', () => {
  it('takes a statement, and in a document the advice it gives its readers', () => {
    expect(isCandidate('The shed is locked at night.')).toBe(true);
    expect(isCandidate('Please lock the shed at night.', true)).toBe(true);
  });

  it('leaves a question, with its mark inside a closing quotation mark or bracket too', () => {
    expect(isCandidate('Is the shed locked at night?')).toBe(false);
    expect(isCandidate('The first thing to ask is “is the shed locked?”', true)).toBe(false);
    expect(isCandidate('(Is the shed locked at night?)', true)).toBe(false);
  });
});
