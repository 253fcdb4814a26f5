import { describe, expect, it } from 'vitest';
import { keepWithinBudget } from '../../../engine/output/keep.js';
import type { OutputStore, StoredOutput } from '../../../engine/output/store-port.js';

/** A store that records what it was given, with made-up figures. */
function recordingStore(): OutputStore & { puts: string[] } {
  const puts: string[] = [];
  return {
    puts,
    maxBytes: 16 * 1024 * 1024,
    async put(callId, content): Promise<StoredOutput> {
      if (typeof content !== 'string') throw new Error('expected a string');
      puts.push(callId);
      const lines = content.split('\n').length;
      return {
        id: callId,
        bytes: Buffer.byteLength(content),
        lines,
        sha256: '0'.repeat(64),
        truncated: false,
      };
    },
    read: async () => undefined,
    stat: async () => undefined,
    readLines: async () => undefined,
  };
}

describe('keepWithinBudget', () => {
  it('returns a result that fits as it is and stores nothing', async () => {
    const store = recordingStore();
    const result = await keepWithinBudget('small\n', 4096, store, 'call-1', {
      memory: false,
      command: false,
    });
    expect(result).toEqual({ text: 'small\n', heldBack: false, ranges: [] });
    expect(store.puts).toEqual([]);
  });

  it('returns a result of exactly the budget whole, its final newline included, and stores nothing', async () => {
    const store = recordingStore();
    const content = `${'x'.repeat(4095)}\n`;
    const result = await keepWithinBudget(content, 4096, store, 'call-3', { memory: true, command: true });
    expect(result).toEqual({ text: content, heldBack: false, ranges: [] });
    expect(store.puts).toEqual([]);
  });

  it('stores a larger result under the call id before bounding it with a note naming it', async () => {
    const store = recordingStore();
    const content = Array.from({ length: 3000 }, (_, i) => `entry ${i + 1}`).join('\n');
    const result = await keepWithinBudget(content, 4096, store, 'call-2', { memory: true, command: false });
    expect(store.puts).toEqual(['call-2']);
    expect(result.stored?.id).toBe('call-2');
    expect(result.heldBack).toBe(true);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(4096);
    expect(result.text.split('\n').at(-1)).toMatch(
      /^held back: lines [\d,]+–2,\d{3} \(\d+ KiB\); output call-2 keeps all of it \(3,000 lines\); memory "recall output call-2 from line \d+" reads on from there, "recall output call-2 matching TEXT" shows only its lines that hold TEXT, "summarise output call-2" gives its notable lines, "condense output call-2: QUESTION" answers from all of it$/,
    );
  });
});
