import { describe, expect, it } from 'vitest';
import { analyse } from '../../../../runners/models/reader/language.js';

const tagged = (text: string) => analyse(text).map((token) => `${token.value}/${token.pos}`);

describe('analyse', () => {
  it('reads a word capitalised only because it opens a sentence as it reads in lower case', () => {
    // The tagger alone makes the opening "Final" a proper noun.
    expect(tagged('Final firing date for the tiles.')[0]).toBe('Final/ADJ');
    expect(tagged('The kiln is hot. Final answer?')[5]).toBe('Final/ADJ');
    expect(analyse('Final firing date.')[0]).toMatchObject({
      value: 'Final',
      lower: 'final',
      lemma: 'final',
    });
  });

  it('keeps a capitalised word that is a noun in lower case too as a name', () => {
    expect(tagged('Python version for the kiln?')[0]).toBe('Python/PROPN');
  });

  it('reads nothing from an empty text', () => {
    expect(analyse('')).toEqual([]);
    expect(analyse('   ')).toEqual([]);
  });
});
