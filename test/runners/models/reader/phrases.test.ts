import { describe, expect, it } from 'vitest';
import {
  Phrases,
  oneLine,
  plainTokensAt,
  spaceAfter,
  wordsAt,
} from '../../../../runners/models/reader/phrases.js';

describe('wordsAt', () => {
  it('gives lower-case words with their places, apostrophes inside a word kept', () => {
    expect(wordsAt("Let’s go, we'll see.")).toEqual([
      { word: "let's", start: 0, end: 5 },
      { word: 'go', start: 6, end: 8 },
      { word: "we'll", start: 10, end: 15 },
      { word: 'see', start: 16, end: 19 },
    ]);
  });

  it('gives nothing for an empty text or one of punctuation only', () => {
    expect(wordsAt('')).toEqual([]);
    expect(wordsAt(' -- ?! ')).toEqual([]);
  });
});

describe('Phrases', () => {
  const joiners = new Phrases(['moved to', 'has moved to', 'is', 'by the way']);

  it('finds the first phrase, the longest of those that start at one word', () => {
    const text = 'The archive has moved to the cellar';
    const found = joiners.find(text);
    expect(found).toMatchObject({ phrase: 'has moved to', first: 2, after: 5 });
    expect(text.slice(found!.start, found!.end)).toBe('has moved to');
  });

  it('finds phrases at the very start and the very end, in any case and spacing', () => {
    expect(joiners.at(wordsAt('By  the\nway, lunch is late'), 0)).toMatchObject({
      phrase: 'by the way',
      first: 0,
      after: 3,
    });
    expect(joiners.find('the kettle Moved To')).toMatchObject({ phrase: 'moved to', first: 2, after: 4 });
  });

  it('matches whole words only', () => {
    expect(joiners.find('this island')).toBeUndefined();
    expect(joiners.find('the lid is off')).toBeDefined();
  });

  it('finds nothing in an empty text, and a phrase cut off at the end is no match', () => {
    expect(joiners.find('')).toBeUndefined();
    expect(joiners.at(wordsAt(''), 0)).toBeUndefined();
    expect(joiners.find('we walked by the')).toBeUndefined();
  });

  it('looks on from a given word, and finds every phrase without overlap', () => {
    const text = 'it is what it is, by the way';
    expect(joiners.find(text, 2)).toMatchObject({ phrase: 'is', first: 4 });
    expect(joiners.findAll(text).map((hit) => hit.phrase)).toEqual(['is', 'is', 'by the way']);
  });

  it('ignores empty phrases in its list', () => {
    expect(new Phrases(['', '  ']).find('anything at all')).toBeUndefined();
  });
});

describe('plainTokensAt', () => {
  it('parts words as word boundaries do: identifiers whole, clitics apart, each other mark a token', () => {
    expect(plainTokensAt("The max_depth isn't set, they've said.").map((at) => at.word)).toEqual([
      'the',
      'max_depth',
      'isn',
      "'",
      't',
      'set',
      ',',
      'they',
      "'",
      've',
      'said',
      '.',
    ]);
  });

  it('keeps each token’s place, and gives nothing for an empty or blank text', () => {
    expect(plainTokensAt('Go — now')).toEqual([
      { word: 'go', start: 0, end: 2 },
      { word: '—', start: 3, end: 4 },
      { word: 'now', start: 5, end: 8 },
    ]);
    expect(plainTokensAt('')).toEqual([]);
    expect(plainTokensAt(' \n\t ')).toEqual([]);
  });
});

describe('Phrases.inPlain', () => {
  const signals = new Phrases(['low tide', 'squall', 'high water mark']);

  it('finds a phrase at the very start and at the very end', () => {
    expect(signals.inPlain('Squall over the bay')).toBe(true);
    expect(signals.inPlain('we waited for low  tide')).toBe(true);
    expect(
      signals.find('past the HIGH WATER MARK', 0, plainTokensAt('past the HIGH WATER MARK')),
    ).toMatchObject({
      phrase: 'high water mark',
      first: 2,
      after: 5,
    });
  });

  it('finds nothing in an empty sentence', () => {
    expect(signals.inPlain('')).toBe(false);
  });

  it('finds a word before a clitic, but not one joined by an underscore or a phrase parted by a mark', () => {
    expect(signals.inPlain("the squall's edge")).toBe(true);
    expect(signals.inPlain('squall_line')).toBe(false);
    expect(signals.inPlain('low-tide')).toBe(false);
    expect(signals.inPlain('low, tide')).toBe(false);
  });
});

describe('Phrases.written', () => {
  const links = new Phrases(['is', 'is now', 'moved to', "'ve", 'cook']);

  it('finds phrases written as listed, at the very start and the very end, in any case', () => {
    const text = 'Is now the kettle MOVED TO';
    expect(links.written(text).map((hit) => [hit.phrase, text.slice(hit.start, hit.end)])).toEqual([
      ['is now', 'Is now'],
      ['is', 'Is'],
      ['moved to', 'MOVED TO'],
    ]);
  });

  it('finds nothing in an empty text or one of other words', () => {
    expect(links.written('')).toEqual([]);
    expect(links.writtenAt('', 0)).toEqual([]);
    expect(links.written('this island, cookery')).toEqual([]);
  });

  it('takes only one space between words, and only a straight apostrophe', () => {
    expect(links.written('moved  to').map((hit) => hit.phrase)).toEqual([]);
    expect(links.written('moved, to')).toEqual([]);
    expect(new Phrases(["let's"]).written('Let’s go')).toEqual([]);
    expect(new Phrases(["let's"]).written("Let's go")).toMatchObject([{ phrase: "let's", start: 0, end: 5 }]);
  });

  it('lets a clitic follow a phrase, and a phrase open with an apostrophe', () => {
    expect(links.written("the cook's hat")).toMatchObject([{ phrase: 'cook', start: 4, end: 8 }]);
    expect(links.written('the cook’s hat')).toMatchObject([{ phrase: 'cook', start: 4, end: 8 }]);
    expect(links.written("we 've sailed")).toMatchObject([{ phrase: "'ve", start: 3, end: 6 }]);
    expect(links.written("we've sailed")).toEqual([]);
  });

  it('finds no phrase in a word joined to another by an underscore', () => {
    expect(links.written('the is_open flag')).toEqual([]);
    expect(links.written('head_cook is here')).toMatchObject([{ phrase: 'is', start: 10 }]);
  });

  it('gives the phrases written at one place, and where the text goes on after one and its spaces', () => {
    const text = 'the lamp is now  lit';
    expect(links.writtenAt(text, 9).map((hit) => hit.phrase)).toEqual(['is now', 'is']);
    expect(links.writtenAt(text, 8)).toEqual([]);
    expect(links.nextAt(text, 9)).toEqual([17, 12]);
    expect(links.nextAt('the lamp is', 9)).toEqual([]);
  });
});

describe('spaceAfter and oneLine', () => {
  it('skips the white space at a place, and nothing where there is none', () => {
    expect(spaceAfter('a \t\n b', 1)).toBe(5);
    expect(spaceAfter('ab', 1)).toBe(1);
    expect(spaceAfter('', 0)).toBe(0);
  });

  it('keeps a text of one line with something on it', () => {
    expect(oneLine('left at noon')).toBe('left at noon');
    expect(oneLine('')).toBeUndefined();
    expect(oneLine('two\nlines')).toBeUndefined();
  });
});
