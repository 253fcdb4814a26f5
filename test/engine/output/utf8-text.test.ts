/**
 * The text helpers output handling sizes and cuts with: UTF-8 lengths that agree with what is sent,
 * cuts that never split a character, a tool result's lines, and the figures markers and notes show.
 */
import { describe, expect, it } from 'vitest';
import {
  countLines,
  formatCount,
  formatSize,
  prefixByBytes,
  shortenBytes,
  shortenChars,
  splitLines,
  suffixByBytes,
  utf8Length,
} from '../../../engine/output/utf8-text.js';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('UTF-8 sizes', () => {
  it('counts one to four bytes a character, at the edges of each width, as the encoder does', () => {
    const samples = [
      '',
      'a',
      '\u007f',
      '\u0080',
      'é',
      '\u07ff',
      '\u0800',
      '€',
      '\uffff',
      '😀',
      'ledger ü € 😀 end',
    ];
    for (const text of samples) expect(utf8Length(text), JSON.stringify(text)).toBe(bytes(text));
    expect(utf8Length('\u007f\u0080\u07ff\u0800')).toBe(1 + 2 + 2 + 3);
    expect(utf8Length('😀😀')).toBe(8);
  });

  it('counts a lone surrogate as the three bytes of the replacement character it is sent as', () => {
    expect(utf8Length('\ud83d')).toBe(3);
    expect(utf8Length('a\ude00b')).toBe(5);
    expect(utf8Length('\ud83dx')).toBe(4);
    expect(utf8Length('\ude00\ud83d')).toBe(6);
    expect(utf8Length('x\ud83d')).toBe(bytes('x\ud83d'));
    expect(utf8Length('\udc00\udc00')).toBe(6);
    expect(utf8Length('\ud83d\ue000')).toBe(6);
  });

  it('counts four bytes for every surrogate pair, the first and last code points above U+FFFF included', () => {
    for (const text of ['\ud800\udc00', '\udbff\udfff', '\ud800\udfff', '\udbff\udc00']) {
      expect(utf8Length(text), JSON.stringify(text)).toBe(4);
      expect(prefixByBytes(`${text}a`, 4)).toBe(text);
      expect(suffixByBytes(`a${text}`, 4)).toBe(text);
    }
  });
});

describe('cutting text to a number of bytes', () => {
  it('keeps the longest start that fits and never splits a character', () => {
    expect(prefixByBytes('harbour', 4)).toBe('harb');
    expect(prefixByBytes('harbour', 7)).toBe('harbour');
    expect(prefixByBytes('harbour', 0)).toBe('');
    expect(prefixByBytes('aé€😀b', 1)).toBe('a');
    expect(prefixByBytes('aé€😀b', 2)).toBe('a');
    expect(prefixByBytes('aé€😀b', 3)).toBe('aé');
    expect(prefixByBytes('aé€😀b', 6)).toBe('aé€');
    expect(prefixByBytes('aé€😀b', 9)).toBe('aé€');
    expect(prefixByBytes('aé€😀b', 10)).toBe('aé€😀');
    expect(prefixByBytes('aé€😀b', 11)).toBe('aé€😀b');
    expect(prefixByBytes('😀😀', 7)).toBe('😀');
  });

  it('keeps the longest end that fits and never splits a character', () => {
    expect(suffixByBytes('harbour', 4)).toBe('bour');
    expect(suffixByBytes('harbour', 7)).toBe('harbour');
    expect(suffixByBytes('harbour', 0)).toBe('');
    expect(suffixByBytes('harbour', 100)).toBe('harbour');
    expect(prefixByBytes('harbour', 100)).toBe('harbour');
    expect(suffixByBytes('a😀€éb', 1)).toBe('b');
    expect(suffixByBytes('a😀€éb', 2)).toBe('b');
    expect(suffixByBytes('a😀€éb', 3)).toBe('éb');
    expect(suffixByBytes('a😀€éb', 6)).toBe('€éb');
    expect(suffixByBytes('a😀€éb', 9)).toBe('€éb');
    expect(suffixByBytes('a😀€éb', 10)).toBe('😀€éb');
    expect(suffixByBytes('a😀€éb', 11)).toBe('a😀€éb');
    expect(suffixByBytes('😀😀', 7)).toBe('😀');
  });

  it('takes a lone surrogate at either end as a three-byte character of its own', () => {
    expect(prefixByBytes('\ud83dab', 3)).toBe('\ud83d');
    expect(prefixByBytes('\ud83dab', 2)).toBe('');
    expect(suffixByBytes('ab\ude00', 3)).toBe('\ude00');
    expect(suffixByBytes('ab\ude00', 4)).toBe('b\ude00');
    // A low half at the very start has no high half before it.
    expect(suffixByBytes('\ude00b', 4)).toBe('\ude00b');
    // A high half with no low half after it is one character, not a pair with what follows.
    expect(suffixByBytes('\ud83da', 3)).toBe('a');
    expect(suffixByBytes('\ud83da', 4)).toBe('\ud83da');
  });
});

describe('the lines of a tool result', () => {
  it('splits at newlines, a final newline ending the last line; the empty text has none', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('one')).toEqual(['one']);
    expect(splitLines('one\ntwo\n')).toEqual(['one', 'two']);
    expect(splitLines('one\n\ntwo')).toEqual(['one', '', 'two']);
    expect(splitLines('\n')).toEqual(['']);
    expect(splitLines('one\n\n')).toEqual(['one', '']);
  });

  it('counts the same lines it splits', () => {
    for (const text of ['', 'one', 'one\n', 'one\ntwo', 'one\ntwo\n', '\n', '\n\n', 'a\n\nb\n\n']) {
      expect(countLines(text), JSON.stringify(text)).toBe(splitLines(text).length);
    }
    expect(countLines('a\nb\nc')).toBe(3);
    expect(countLines('a\nb\nc\n')).toBe(3);
  });
});

describe('figures as markers and notes show them', () => {
  it('writes whole numbers with a comma every three digits, whatever the locale', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(2313)).toBe('2,313');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(-2313)).toBe('-2,313');
    expect(formatCount(2313.9)).toBe('2,313');
  });

  it('writes sizes in bytes below 1 KiB, KiB below 10 MiB and MiB above, always rounded up', () => {
    expect(formatSize(0)).toBe('0 bytes');
    expect(formatSize(812)).toBe('812 bytes');
    expect(formatSize(1023)).toBe('1,023 bytes');
    expect(formatSize(1024)).toBe('1 KiB');
    expect(formatSize(1025)).toBe('2 KiB');
    expect(formatSize(184_320)).toBe('180 KiB');
    expect(formatSize(10 * 1024 * 1024 - 1)).toBe('10,240 KiB');
    expect(formatSize(10 * 1024 * 1024)).toBe('10 MiB');
    expect(formatSize(10 * 1024 * 1024 + 1)).toBe('11 MiB');
    expect(formatSize(200_000_000)).toBe('191 MiB');
  });

  it('shortens to a number of characters with … as the last one, and leaves a text that fits alone', () => {
    expect(shortenChars('harbour', 7)).toBe('harbour');
    expect(shortenChars('harbour', 6)).toBe('harbo…');
    expect(shortenChars('😀😀😀', 2)).toBe('😀…');
    expect(shortenChars('harbour', 1)).toBe('…');
    expect(shortenChars('harbour', 0)).toBe('…');
  });

  it('shortens to a number of bytes with …, its three bytes counted, and to nothing below three', () => {
    expect(shortenBytes('harbour', 7)).toBe('harbour');
    expect(shortenBytes('harbour', 6)).toBe('har…');
    expect(bytes(shortenBytes('harbour', 6))).toBe(6);
    expect(shortenBytes('aé€', 5)).toBe('a…');
    expect(shortenBytes('aé€', 6)).toBe('aé€');
    expect(shortenBytes('harbour', 3)).toBe('…');
    expect(shortenBytes('harbour', 2)).toBe('');
    expect(shortenBytes('', 0)).toBe('');
  });
});
