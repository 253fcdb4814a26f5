import { describe, expect, it } from 'vitest';
import { keyChordSpans } from '../../../../runners/models/reader/key-chords.js';

const chords = (sentence: string) => keyChordSpans(sentence).map((span) => span.text);

describe('keyChordSpans', () => {
  it('finds caret notation and a modifier joined to a key, in order', () => {
    expect(chords('The quit character (often ^\\ or Control-\\) ends it; ^Z suspends it.')).toEqual([
      '^\\',
      'Control-\\',
      '^Z',
    ]);
    expect(chords('Press Ctrl+Alt+T, then CTRL-Tab, or alt-F4.')).toEqual([
      'Ctrl+Alt+T',
      'CTRL-Tab',
      'alt-F4',
    ]);
  });

  it("finds Emacs's short forms of one character only", () => {
    expect(chords('Save with C-x C-s and search with M-%.')).toEqual(['C-x', 'C-s', 'M-%']);
    expect(chords('The C-level API and an s-expression.')).toEqual([]);
  });

  it('takes no hyphenated word, exponent or lone caret for a key', () => {
    expect(chords('A control-flow graph, a command-line option and a shift-register.')).toEqual([]);
    expect(chords('x^2 grows; the ^ operator is xor.')).toEqual([]);
  });

  it('finds nothing in an empty sentence', () => {
    expect(chords('')).toEqual([]);
  });
});
