import { describe, expect, it } from 'vitest';
import {
  boundOutput,
  boundSections,
  sampleOf,
  wholeBytes,
  wholeLines,
  type HeldInfo,
  type Section,
  type StreamSample,
} from '../../../engine/output/bound.js';
import { toolOutputBudget } from '../../../engine/output/budget.js';
import { shareRoom } from '../../../engine/output/share.js';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

const held: HeldInfo = {
  outputId: 'call-9',
  storedLines: 0,
  truncated: false,
  memory: false,
  command: false,
};

function numbered(count: number, width = 0): string {
  return Array.from({ length: count }, (_, i) => `line ${i + 1}${'.'.repeat(width)}`).join('\n') + '\n';
}

/** The lines shown before and after the marker, and the marker's figures. */
function parse(text: string) {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.startsWith('[… '));
  const marker = /^\[… ([\d,]+) lines? \(([\d,]+) (bytes|KiB|MiB)\) held back …\]$/.exec(lines[at] ?? '');
  const unit = { bytes: 1, KiB: 1024, MiB: 1024 * 1024 }[marker?.[3] ?? 'bytes'] ?? 1;
  return {
    head: lines.slice(0, at),
    tail: lines.slice(at + 1, -1),
    note: lines[lines.length - 1] ?? '',
    heldLines: Number((marker?.[1] ?? '').replace(/,/g, '')),
    heldAtLeast: Number((marker?.[2] ?? '').replace(/,/g, '')) * unit,
  };
}

describe('toolOutputBudget', () => {
  it('is an eighth of the window at four bytes a token, between 4 and 64 KiB', () => {
    expect(toolOutputBudget(8192)).toBe(4096);
    expect(toolOutputBudget(53_248)).toBe(26 * 1024);
    expect(toolOutputBudget(131_072)).toBe(64 * 1024);
    expect(toolOutputBudget(1_000_000)).toBe(64 * 1024);
    expect(toolOutputBudget(2048)).toBe(4096);
    expect(toolOutputBudget(undefined)).toBe(4096);
  });

  it('is the floor for a window of no size, or of no number', () => {
    for (const window of [0, -8192, Number.NaN, Number.POSITIVE_INFINITY])
      expect(toolOutputBudget(window)).toBe(4096);
    expect(toolOutputBudget(8200)).toBe(4100);
  });
});

describe('shareRoom', () => {
  it('gives each stream what it needs when everything fits', () => {
    expect(shareRoom([300, 200], 1000)).toEqual([300, 200]);
  });

  it('shares in proportion to size, never below a fifth for a stream with output', () => {
    expect(shareRoom([5000, 5000], 1000)).toEqual([500, 500]);
    expect(shareRoom([9000, 1000], 1000)).toEqual([800, 200]);
    expect(shareRoom([100_000, 100], 1000)).toEqual([900, 100]);
    expect(shareRoom([100_000, 0], 1000)).toEqual([1000, 0]);
  });

  it('rounds proportional parts down, and leaves a part that reaches its floor as it is', () => {
    // 1,001 of 5,000 bytes gets 200.2 of 1,000, exactly its floor; 3,999 gets 799.8.
    expect(shareRoom([1001, 3999], 1000)).toEqual([200, 799]);
  });

  it('gives every stream with output at least its floor, and one with nothing to show no room', () => {
    expect(shareRoom([100, 100, 100, 100, 100, 100, 0], 100)).toEqual([20, 20, 20, 20, 20, 20, 0]);
  });

  it('gives nothing when there is no room', () => {
    expect(shareRoom([100, 50], 0)).toEqual([0, 0]);
    expect(shareRoom([100, 50], -10)).toEqual([0, 0]);
    expect(shareRoom([0, 0], 10)).toEqual([0, 0]);
  });
});

describe('boundOutput', () => {
  it('returns an output that fits whole, with no marker or note', () => {
    const content = numbered(50);
    expect(boundOutput(content, 4096, held)).toEqual({ text: content, heldBack: false, ranges: [] });
  });

  it('shows head and tail at line ends, with a marker that counts every held-back line and byte', () => {
    const content = numbered(10_000);
    const all = content.split('\n').slice(0, -1);
    const result = boundOutput(content, 4096, { ...held, storedLines: 10_000 });
    expect(bytes(result.text)).toBeLessThanOrEqual(4096);
    const { head, tail, note, heldLines, heldAtLeast } = parse(result.text);
    expect(head).toEqual(all.slice(0, head.length));
    expect(tail).toEqual(all.slice(all.length - tail.length));
    expect(head.length).toBeGreaterThan(100);
    expect(Math.abs(bytes(head.join('\n')) - bytes(tail.join('\n')))).toBeLessThan(200);
    const hidden = all.slice(head.length, all.length - tail.length);
    expect(heldLines).toBe(hidden.length);
    expect(heldAtLeast).toBeGreaterThanOrEqual(bytes(hidden.join('\n') + '\n'));
    const from = head.length + 1;
    const to = all.length - tail.length;
    expect(note).toBe(
      `held back: lines ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} (${parse(result.text).heldAtLeast / 1024} KiB); output call-9 keeps all of it (10,000 lines)`,
    );
    expect(result.ranges).toEqual([
      { label: undefined, from, to, lines: hidden.length, bytes: bytes(hidden.join('\n') + '\n') },
    ]);
  });

  it('says how to page the stored output with memory, and not to rerun a command', () => {
    const text = boundOutput(numbered(5000), 4096, {
      ...held,
      memory: true,
      command: true,
      storedLines: 5000,
    }).text;
    const note = parse(text).note;
    const from = parse(text).head.length + 1;
    expect(note).toContain(`memory "recall output call-9 from line ${from}"`);
    expect(note).toMatch(/; do not run the command again to see it$/);
    const plain = parse(boundOutput(numbered(5000), 4096, { ...held, storedLines: 5000 }).text).note;
    expect(plain).not.toContain('memory');
    expect(plain).not.toContain('run');
  });

  it('says when the store kept only the start of the output', () => {
    const note = parse(
      boundOutput(numbered(5000), 4096, { ...held, truncated: true, storedLines: 1200 }).text,
    ).note;
    expect(note).toContain('output call-9 keeps only its first 1,200 lines');
  });

  it('shows the ends of a single line too long for the budget, marking it held back', () => {
    const content = 'é'.repeat(50_000);
    const result = boundOutput(content, 4096, { ...held, storedLines: 1 });
    expect(bytes(result.text)).toBeLessThanOrEqual(4096);
    const [first, marker, last] = result.text.split('\n');
    expect(first).toMatch(/^é+…$/);
    expect(marker).toMatch(/^\[… 1 line \(\d+ KiB\) held back …\]$/);
    expect(last).toMatch(/^…é+$/);
    expect(result.ranges[0]).toMatchObject({ from: 1, to: 1, lines: 1 });
    const shown = bytes((first ?? '').slice(0, -1)) + bytes((last ?? '').slice(1));
    expect(result.ranges[0]?.bytes).toBe(bytes(content) - shown);
  });

  it('never exceeds the budget, whatever the shape of the output', () => {
    const shapes = [
      numbered(20_000),
      numbered(3000, 120),
      Array.from({ length: 2000 }, (_, i) => '🙂'.repeat(i % 90)).join('\n'),
      'x'.repeat(300_000),
      '\n'.repeat(100_000),
    ];
    for (const budget of [4096, 5000, 26 * 1024, 64 * 1024]) {
      for (const content of shapes) {
        const result = boundOutput(content, budget, {
          ...held,
          memory: true,
          command: true,
          storedLines: 99_999,
        });
        expect(bytes(result.text)).toBeLessThanOrEqual(budget);
        expect(result.heldBack).toBe(bytes(content) > budget);
        // The room for the marker and the note is reserved first: the note is never cut.
        if (result.heldBack)
          expect(result.text).toMatch(/\n(held back: [^\n]*; do not run the command again to see it)$/);
      }
    }
  });
});

describe('boundSections', () => {
  it('numbers held-back lines as the stored output does, frames included', () => {
    const stdout = numbered(3000);
    const sections = [
      { lines: ['exit status: 1', 'stdout:'] },
      { stream: sampleOf(stdout), label: 'stdout' },
      { lines: ['stderr:'] },
      { stream: sampleOf('warning: one\nwarning: two\n'), label: 'stderr' },
    ];
    const result = boundSections(sections, 4096, { ...held, command: true, storedLines: 3005 });
    const lines = result.text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['exit status: 1', 'stdout:', 'line 1']);
    expect(lines.slice(-4, -1)).toEqual(['stderr:', 'warning: one', 'warning: two']);
    const range = result.ranges[0]!;
    // Stored line n + 2 is stdout line n: the status and `stdout:` come first.
    const markerAt = lines.findIndex((line) => line.startsWith('[… '));
    expect(range.from).toBe(markerAt + 1);
    expect(lines[markerAt + 1]).toBe(`line ${range.to - 2 + 1}`);
    expect(lines.at(-1)).toBe(
      `held back: stdout lines ${range.from.toLocaleString('en-US')}–${range.to.toLocaleString('en-US')} (${Math.ceil(range.bytes / 1024)} KiB); output call-9 keeps all of it (3,005 lines); do not run the command again to see it`,
    );
    expect(bytes(result.text)).toBeLessThanOrEqual(4096);
  });

  it("numbers a second stream's held-back lines after the first stream's and its own frame", () => {
    const stream = (name: string) =>
      Array.from({ length: 3000 }, (_, i) => `${name} ${i + 1}`).join('\n') + '\n';
    const result = boundSections(
      [
        { lines: ['exit status: 1', 'stdout:'] },
        { stream: sampleOf(stream('out')), label: 'stdout' },
        { lines: ['stderr:'] },
        { stream: sampleOf(stream('err')), label: 'stderr' },
      ],
      4096,
      { ...held, command: true, storedLines: 6003 },
    );
    // Stored lines: 1 the status, 2 `stdout:`, 3 to 3,002 stdout, 3,003 `stderr:`, 3,004 to 6,003 stderr.
    const lines = result.text.split('\n');
    const at = (shown: string) => lines.indexOf(shown);
    expect(result.ranges).toEqual([
      { label: 'stdout', from: 135, to: 2897, lines: 2763, bytes: 24_000 },
      { label: 'stderr', from: 3136, to: 5898, lines: 2763, bytes: 24_000 },
    ]);
    expect(lines.slice(at('out 132'), at('out 132') + 3)).toEqual([
      'out 132',
      '[… 2,763 lines (24 KiB) held back …]',
      'out 2896',
    ]);
    expect(lines.slice(at('err 132'), at('err 132') + 3)).toEqual([
      'err 132',
      '[… 2,763 lines (24 KiB) held back …]',
      'err 2896',
    ]);
    expect(lines.at(-1)).toBe(
      'held back: stdout lines 135–2,897 (24 KiB), stderr lines 3,136–5,898 (24 KiB); output call-9 keeps all of it (6,003 lines); do not run the command again to see it',
    );
  });

  it('gives a stream that fits whole no more room than its lines take: it holds nothing back, so needs no marker', () => {
    const frames = { lines: ['exit status: 1', 'stdout:'] };
    const stdout = { stream: sampleOf(numbered(3000)), label: 'stdout' };
    const asStream = boundSections(
      [
        frames,
        stdout,
        { lines: ['stderr:'] },
        { stream: sampleOf('warning: one\nwarning: two\n'), label: 'stderr' },
      ],
      4096,
      { ...held, command: true, storedLines: 3005 },
    );
    const asLines = boundSections(
      [frames, stdout, { lines: ['stderr:', 'warning: one', 'warning: two'] }],
      4096,
      { ...held, command: true, storedLines: 3005 },
    );
    expect(asStream).toEqual(asLines);
    expect(asStream.ranges).toHaveLength(1);
  });

  it('shows nothing for an empty stream, and counts no line for it', () => {
    const result = boundSections(
      [
        { lines: ['exit status: 0', 'stdout:'] },
        { stream: sampleOf(numbered(3000)), label: 'stdout' },
        { lines: ['stderr:'] },
        { stream: sampleOf(''), label: 'stderr' },
      ],
      4096,
      { ...held, command: true, storedLines: 3003 },
    );
    const lines = result.text.split('\n');
    expect(lines.slice(-3, -1)).toEqual(['line 3000', 'stderr:']);
    expect(result.ranges.map((r) => r.label)).toEqual(['stdout']);
  });

  it('shows nothing for an empty stream even when its sample is marked as not whole', () => {
    const result = boundSections(
      [
        { lines: ['exit status: 0', 'stdout:'] },
        { stream: sampleOf(numbered(3000)), label: 'stdout' },
        { lines: ['stderr:'] },
        { stream: { head: '', tail: '', bytes: 0, lines: 0, complete: false }, label: 'stderr' },
      ],
      4096,
      { ...held, command: true, storedLines: 3003 },
    );
    expect(result.text.split('\n').slice(-3, -1)).toEqual(['line 3000', 'stderr:']);
    expect(result.ranges.map((r) => r.label)).toEqual(['stdout']);
  });

  it('returns a result within the budget whole, even one that fits to the byte', () => {
    const sections: Section[] = [
      { lines: ['exit status: 0', 'stdout:'] },
      { stream: sampleOf(numbered(400)), label: 'stdout' },
    ];
    const text = ['exit status: 0', 'stdout:', ...numbered(400).split('\n').slice(0, -1)].join('\n');
    expect(wholeBytes(sections)).toBe(bytes(text));
    expect(boundSections(sections, bytes(text), held)).toEqual({ text, heldBack: false, ranges: [] });
    expect(boundSections(sections, bytes(text) - 1, held).heldBack).toBe(true);
  });

  it('fills the room with half the lines ahead of the marker and half after it, the marker and note reserved at their longest', () => {
    // Every figure here is as long as its longest (three digits), so the reservation is exact: of 400
    // bytes the marker line takes 42 and the note 81, leaving 138 blank lines on each side (and one byte
    // for the note's newline, which the last shown line already brings).
    const result = boundOutput('\n'.repeat(999), 400, { ...held, storedLines: 999 });
    expect(result.text).toBe(
      '\n'.repeat(138) +
        '[… 723 lines (723 bytes) held back …]\n' +
        '\n'.repeat(138) +
        'held back: lines 139–861 (723 bytes); output call-9 keeps all of it (999 lines)',
    );
    expect(bytes(result.text)).toBe(399);
  });

  it("takes the frames' lines out of the room before sharing it", () => {
    const result = boundSections(
      [{ lines: ['exit status: 0', 'stdout:'] }, { stream: sampleOf('\n'.repeat(999)), label: 'stdout' }],
      430,
      { ...held, command: true, storedLines: 1001 },
    );
    expect(result.ranges).toEqual([{ label: 'stdout', from: 118, to: 886, lines: 769, bytes: 769 }]);
    expect(result.text).toBe(
      'exit status: 0\nstdout:\n' +
        '\n'.repeat(115) +
        '[… 769 lines (769 bytes) held back …]\n' +
        '\n'.repeat(115) +
        'held back: stdout lines 118–886 (769 bytes); output call-9 keeps all of it (1,001 lines); do not run the command again to see it',
    );
  });

  it('shows the start or the end of a line too long for the budget only in a room of 16 bytes or more', () => {
    const shown = (budget: number) => boundOutput('x'.repeat(5000), budget, { ...held, storedLines: 1 }).text;
    const marker = '[… 1 line (5 KiB) held back …]';
    const note = 'held back: line 1 (5 KiB); output call-9 keeps all of it (1 line)';
    // 12 bytes of the line, the ellipsis (3 bytes) and a newline. At 151 bytes the head's room and the
    // tail's are 16 bytes each; at 150 the head's is 15, and at 149 neither has 16.
    expect(shown(151)).toBe(`xxxxxxxxxxxx…\n${marker}\n…xxxxxxxxxxxx\n${note}`);
    expect(shown(150)).toBe(`${marker}\n…xxxxxxxxxxxx\n${note}`);
    expect(shown(149)).toBe(`${marker}\n${note}`);
  });

  it('shows the last line whole when the output does not end with a newline, and counts the bytes held back exactly', () => {
    const content = numbered(3000).slice(0, -1);
    const result = boundOutput(content, 4096, { ...held, storedLines: 3000 });
    const { head, tail } = parse(result.text);
    expect(tail.at(-1)).toBe('line 3000');
    const hidden = content.split('\n').slice(head.length, 3000 - tail.length);
    expect(result.ranges).toEqual([
      {
        label: undefined,
        from: head.length + 1,
        to: 3000 - tail.length,
        lines: hidden.length,
        bytes: bytes(hidden.join('\n') + '\n'),
      },
    ]);
    expect(result.ranges[0]).toMatchObject({ from: 233, to: 2802, bytes: 24_933 });
  });

  it('shows the end of a last line too long for the budget, whose newline is held back with it', () => {
    const content = `${'é'.repeat(50_000)}\n`;
    const result = boundOutput(content, 4096, { ...held, storedLines: 1 });
    const [first, marker, last] = result.text.split('\n');
    expect(first).toMatch(/^é+…$/);
    expect(marker).toBe('[… 1 line (94 KiB) held back …]');
    expect(last).toMatch(/^…é+$/);
    const shown = bytes((first ?? '').slice(0, -1)) + bytes((last ?? '').slice(1));
    expect(shown).toBe(2 * 1984);
    expect(result.ranges).toEqual([
      { label: undefined, from: 1, to: 1, lines: 1, bytes: bytes(content) - shown },
    ]);
  });

  it('never exceeds a budget too small for the marker and note, and shows no scrap of a line in a room that small', () => {
    const result = boundOutput(numbered(50), 100, { ...held, storedLines: 50 });
    expect(bytes(result.text)).toBe(100);
    expect(
      result.text.startsWith('[… 50 lines (391 bytes) held back …]\nheld back: lines 1–50 (391 bytes)'),
    ).toBe(true);
    expect(result.ranges).toEqual([{ label: undefined, from: 1, to: 50, lines: 50, bytes: 391 }]);
    const frames = boundSections([{ lines: ['exit status: 0', 'x'.repeat(200)] }], 100, held);
    expect(frames.text).toBe(`exit status: 0\n${'x'.repeat(85)}`);
  });
});

describe('boundSections: streams sampled at their ends', () => {
  /** A stream of a million bytes in 100,000 lines, of which the runner kept a head and a tail. */
  const sampled = (head: string, tail: string): StreamSample => ({
    head,
    tail,
    bytes: 1_000_000,
    lines: 100_000,
    complete: false,
  });

  it('shows only whole lines: not the line the head sample cut, nor the one the tail sample began in', () => {
    const result = boundSections(
      [{ stream: sampled('line 1\nline 2\nline 3\npar', 'tial\nline 99998\nline 99999\nline 100000\n') }],
      4096,
      { ...held, storedLines: 100_000 },
    );
    expect(result.text).toBe(
      [
        'line 1',
        'line 2',
        'line 3',
        '[… 99,994 lines (977 KiB) held back …]',
        'line 99998',
        'line 99999',
        'line 100000',
        'held back: lines 4–99,997 (977 KiB); output call-9 keeps all of it (100,000 lines)',
      ].join('\n'),
    );
    // What the head and tail show, 21 and 34 bytes with their newlines, is all that is not held back.
    expect(result.ranges).toEqual([
      { label: undefined, from: 4, to: 99_997, lines: 99_994, bytes: 1_000_000 - 21 - 34 },
    ]);
  });

  it('shows no empty line for a tail sample that begins just after a line ended', () => {
    const result = boundSections([{ stream: sampled('line 1\n', '\nline 99999\nline 100000\n') }], 4096, {
      ...held,
      storedLines: 100_000,
    });
    const lines = result.text.split('\n');
    expect(lines.slice(1, 4)).toEqual([
      '[… 99,997 lines (977 KiB) held back …]',
      'line 99999',
      'line 100000',
    ]);
    expect(result.ranges[0]).toMatchObject({ from: 2, to: 99_998, lines: 99_997 });
  });

  it('bounds a sample that is not whole even when its stated size would fit, rather than show what it lacks', () => {
    const result = boundSections(
      [{ stream: { head: 'a\nb\n', tail: 'y\nz\n', bytes: 100, lines: 10, complete: false } }],
      4096,
      { ...held, storedLines: 10 },
    );
    expect(result.text).toBe(
      'a\nb\n[… 7 lines (94 bytes) held back …]\nz\nheld back: lines 3–9 (94 bytes); output call-9 keeps all of it (10 lines)',
    );
    const beside = boundSections(
      [
        { stream: sampleOf('ok\n'), label: 'stdout' },
        {
          stream: { head: 'a\nb\n', tail: 'y\nz\n', bytes: 100, lines: 10, complete: false },
          label: 'stderr',
        },
      ],
      4096,
      { ...held, storedLines: 11 },
    );
    expect(beside.text).toBe(
      'ok\na\nb\n[… 7 lines (94 bytes) held back …]\nz\nheld back: stderr lines 4–10 (94 bytes); output call-9 keeps all of it (11 lines)',
    );
    expect(() =>
      wholeLines([{ stream: { head: 'a\n', tail: 'z\n', bytes: 100, lines: 10, complete: false } }]),
    ).toThrow('a stream that is not held whole cannot be shown whole');
  });

  it('counts the bytes held back of output that is not UTF-8 as the command printed them', () => {
    // Each line is `x`, one invalid byte, `y` and a newline: 4 bytes printed, 6 once the byte reads U+FFFD.
    const content = 'x\uFFFDy\n'.repeat(3000);
    const result = boundSections([{ stream: { ...sampleOf(content), rawBytes: 12_000 } }], 4096, {
      ...held,
      storedLines: 3000,
    });
    expect(result.ranges).toEqual([{ label: undefined, from: 331, to: 2670, lines: 2340, bytes: 4 * 2340 }]);
    expect(result.text).toContain('\n[… 2,340 lines (10 KiB) held back …]\n');
    // A U+FFFD that the command printed as such is three bytes like any other character.
    const printed = boundSections([{ stream: { ...sampleOf(content), rawBytes: 18_000 } }], 4096, {
      ...held,
      storedLines: 3000,
    });
    expect(printed.ranges[0]?.bytes).toBe(6 * 2340);
  });
});

describe('wholeBytes and wholeLines', () => {
  it("count a result's lines joined by newlines, a stream's final newline ending its last line", () => {
    const sections: Section[] = [
      { lines: ['exit status: 0', 'stdout:'] },
      { stream: sampleOf('a\nbb\n') },
      { lines: ['stderr:'] },
      { stream: sampleOf('é\nz') },
    ];
    expect(wholeLines(sections)).toEqual(['exit status: 0', 'stdout:', 'a', 'bb', 'stderr:', 'é', 'z']);
    expect(wholeBytes(sections)).toBe(bytes('exit status: 0\nstdout:\na\nbb\nstderr:\né\nz'));
  });

  it('count nothing for an empty stream or result', () => {
    expect(wholeBytes([])).toBe(0);
    expect(wholeBytes([{ stream: sampleOf('') }])).toBe(0);
    expect(wholeBytes([{ lines: ['stdout:'] }, { stream: sampleOf('') }])).toBe(7);
    expect(wholeLines([{ lines: ['stdout:'] }, { stream: sampleOf('') }])).toEqual(['stdout:']);
  });

  it("take a sampled stream's size from its totals, and its final newline from its tail", () => {
    const sample = { head: 'a\n', tail: 'z\n', bytes: 5000, lines: 100, complete: false };
    expect(wholeBytes([{ stream: sample }])).toBe(4999);
    expect(wholeBytes([{ stream: { ...sample, tail: '\nz' } }])).toBe(5000);
  });
});

describe('boundOutput at the budget', () => {
  it('returns an output of exactly the budget unchanged, its final newline included', () => {
    const content = `${'x'.repeat(99)}\n`.repeat(40);
    expect(bytes(content)).toBe(4000);
    expect(boundOutput(content, 4000, held)).toEqual({ text: content, heldBack: false, ranges: [] });
  });
});
