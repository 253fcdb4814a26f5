import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StreamCollector } from '../../../runners/sandbox/stream-collector.js';

let dir: string;
let made = 0;
const spillFile = async (): Promise<string> => join(dir, `spill-${++made}`);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-collector-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function whole(collector: StreamCollector): Promise<string> {
  let text = '';
  for await (const chunk of collector.text()) text += chunk;
  return text;
}

describe('StreamCollector', () => {
  it('holds a small stream whole in memory, with no spill file', async () => {
    const collector = new StreamCollector(1024, 1 << 20, spillFile);
    await collector.push(Buffer.from('one\ntwo\n'));
    await collector.push(Buffer.from('three'));
    await collector.end();
    expect(collector.sample()).toEqual({
      head: 'one\ntwo\nthree',
      tail: 'one\ntwo\nthree',
      bytes: 13,
      lines: 3,
      complete: true,
    });
    expect(await whole(collector)).toBe('one\ntwo\nthree');
    expect(await readdir(dir)).toEqual([]);
  });

  it('decodes a character split across chunks', async () => {
    const collector = new StreamCollector(1024, 1 << 20, spillFile);
    const bytes = Buffer.from('née 🙂\n');
    for (const byte of bytes) await collector.push(Buffer.from([byte]));
    await collector.end();
    expect(collector.sample().head).toBe('née 🙂\n');
    expect(collector.bytes).toBe(bytes.length);
  });

  it('keeps only a head and a tail of a large stream, and spills all of it', async () => {
    const collector = new StreamCollector(4096, 1 << 30, spillFile);
    const line = (i: number): string => `line ${String(i).padStart(7, '0')}\n`;
    let expected = '';
    for (let i = 1; i <= 100_000; i += 100) {
      let chunk = '';
      for (let j = i; j < i + 100; j++) chunk += line(j);
      expected += chunk;
      await collector.push(Buffer.from(chunk));
    }
    await collector.end();
    const sample = collector.sample();
    expect(sample.complete).toBe(false);
    expect(sample.bytes).toBe(Buffer.byteLength(expected));
    expect(sample.lines).toBe(100_000);
    expect(Buffer.byteLength(sample.head)).toBe(4096);
    expect(Buffer.byteLength(sample.tail)).toBe(4096);
    expect(expected.startsWith(sample.head)).toBe(true);
    expect(expected.endsWith(sample.tail)).toBe(true);
    expect(await whole(collector)).toBe(expected);
    await collector.dispose();
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops spilling at its limit', async () => {
    const collector = new StreamCollector(100, 1000, spillFile);
    for (let i = 0; i < 50; i++) await collector.push('x'.repeat(99) + '\n');
    await collector.end();
    expect(collector.bytes).toBe(5000);
    expect(collector.lines).toBe(50);
    const kept = await whole(collector);
    expect(kept).toBe(('x'.repeat(99) + '\n').repeat(10));
  });
});
