/**
 * The reference's rules for the note on a held-back result, each stated as a test: it names the
 * stored output and every way the conversation has to more of it, says when the store cut it, tells
 * a command's caller not to run it again, and its longest form is never shorter than any real one.
 */
import { describe, expect, it } from 'vitest';
import {
  heldBackMarker,
  heldBackNote,
  longestMarker,
  longestNote,
  type HeldInfo,
} from '../../../engine/output/held-note.js';

const held: HeldInfo = {
  outputId: '3f9a2c1b',
  storedLines: 2340,
  truncated: false,
  memory: true,
  command: true,
};

describe('the note on a held-back result', () => {
  it('names the held-back lines, the stored output, the memory verbs that reach it, and not to run the command again', () => {
    expect(heldBackNote([{ label: 'stdout', from: 44, to: 2313, lines: 2270, bytes: 184_320 }], held)).toBe(
      'held back: stdout lines 44–2,313 (180 KiB); output 3f9a2c1b keeps all of it (2,340 lines); ' +
        'memory "recall output 3f9a2c1b from line 44" reads on from there, ' +
        '"recall output 3f9a2c1b matching TEXT" shows only its lines that hold TEXT, "summarise output 3f9a2c1b" ' +
        'gives its notable lines, "condense output 3f9a2c1b: QUESTION" answers from all of it; ' +
        'do not run the command again to see it',
    );
  });

  it('without memory names no tool, and a read-only tool’s note says nothing of running it again', () => {
    const note = heldBackNote([{ from: 7, to: 7, lines: 1, bytes: 900 }], {
      ...held,
      storedLines: 1,
      memory: false,
      command: false,
    });
    expect(note).toBe('held back: line 7 (900 bytes); output 3f9a2c1b keeps all of it (1 line)');
  });

  it('says when the store kept only the start of the output', () => {
    const note = heldBackNote(
      [
        { label: 'stdout', from: 10, to: 20, lines: 11, bytes: 2048 },
        { label: 'stderr', from: 3, to: 9, lines: 7, bytes: 512 },
      ],
      { ...held, truncated: true, memory: false },
    );
    expect(note).toContain('held back: stdout lines 10–20 (2 KiB), stderr lines 3–9 (512 bytes)');
    expect(note).toContain(
      "output 3f9a2c1b keeps only its first 2,340 lines, the store's limit; the rest was not kept",
    );
  });

  it('the marker says one line or many, and its longest form is never shorter than a real one', () => {
    expect(heldBackMarker(1, 10)).toBe('[… 1 line (10 bytes) held back …]');
    expect(heldBackMarker(2270, 184_320)).toBe('[… 2,270 lines (180 KiB) held back …]');
    for (const bytes of [10, 1023, 1024, 5000, 1_048_575, 9 * 1024 * 1024, 40 * 1024 * 1024]) {
      for (const size of [1, bytes - 1, Math.floor(bytes / 3)]) {
        expect(longestMarker(99_999, bytes).length).toBeGreaterThanOrEqual(
          heldBackMarker(99_999, size).length,
        );
      }
    }
    const real = heldBackNote(
      [{ label: 'stdout', from: 1, to: 99_999, lines: 99_999, bytes: 9_999_999 }],
      held,
    );
    expect(longestNote([{ label: 'stdout', bytes: 9_999_999 }], 99_999, held).length).toBeGreaterThanOrEqual(
      real.length,
    );
  });

  it('at its longest, sizes each stream by the longest size text up to its bytes and numbers it by the last line', () => {
    expect(longestMarker(5, 10)).toBe('[… 5 lines (10 bytes) held back …]');
    expect(longestMarker(40, 5000)).toBe('[… 40 lines (1,023 bytes) held back …]');
    expect(longestMarker(2270, 40 * 1024 * 1024)).toBe('[… 2,270 lines (1,023 bytes) held back …]');
    expect(longestMarker(1, 2 * 1024 ** 4)).toBe('[… 1 lines (2,097,152 MiB) held back …]');
    expect(longestNote([{ label: 'stdout', bytes: 900 }, { bytes: 184_320 }], 2313, held)).toBe(
      'held back: stdout lines 2,313–2,313 (900 bytes), lines 2,313–2,313 (1,023 bytes); ' +
        'output 3f9a2c1b keeps all of it (2,340 lines); ' +
        'memory "recall output 3f9a2c1b from line 2313" reads on from there, ' +
        '"recall output 3f9a2c1b matching TEXT" shows only its lines that hold TEXT, "summarise output 3f9a2c1b" ' +
        'gives its notable lines, "condense output 3f9a2c1b: QUESTION" answers from all of it; ' +
        'do not run the command again to see it',
    );
  });
});
