import { describe, expect, it } from 'vitest';
import { boundOutput, boundSections, sampleOf, type HeldInfo } from '../../../engine/output/bound.js';
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
    expect(lines.at(-1)).toMatch(/^held back: stdout lines /);
    expect(bytes(result.text)).toBeLessThanOrEqual(4096);
  });
});
