import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUT_STORE_MAX_BYTES, type OutputStore } from '../../../engine/output/store-port.js';
import { FileOutputStore } from '../../../runners/recording/output-store/file-store.js';
import { MemoryOutputStore } from '../../../runners/recording/output-store/memory-store.js';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wisp-store-test-'));
  directories.push(dir);
  return dir;
}

type Factory = (options?: { maxBytes?: number }) => Promise<OutputStore>;

async function* chunks(...parts: string[]): AsyncIterable<string> {
  for (const part of parts) yield part;
}

/** The behaviour every output store shares. */
function describeOutputStore(name: string, create: Factory): void {
  describe(`${name}: the shared contract`, () => {
    it('holds 16 MiB a file unless told otherwise', async () => {
      expect((await create()).maxBytes).toBe(OUTPUT_STORE_MAX_BYTES);
      expect(OUTPUT_STORE_MAX_BYTES).toBe(16 * 1024 * 1024);
    });

    it('keeps a text and reads it back, with its size, lines and SHA-256', async () => {
      const store = await create();
      const text = 'first line\nsecond — ünïcode\nthird without newline';
      const stored = await store.put('call-1', text);
      expect(stored).toEqual({
        id: 'call-1',
        bytes: Buffer.byteLength(text),
        lines: 3,
        sha256: sha256(text),
        truncated: false,
      });
      expect(await store.read('call-1')).toBe(text);
      expect(await store.stat('call-1')).toEqual(stored);
    });

    it('keeps a stream as it arrives, exactly as the joined chunks', async () => {
      const store = await create();
      const parts = ['exit status: 0\nstdout:\n', 'a\nb', '\nc\n', '🙂\n'];
      const stored = await store.put('call-2', chunks(...parts));
      const whole = parts.join('');
      expect(stored).toMatchObject({
        bytes: Buffer.byteLength(whole),
        lines: 6,
        sha256: sha256(whole),
        truncated: false,
      });
      expect(await store.read('call-2')).toBe(whole);
    });

    it('stops at the size limit, at a character boundary, and records truncated', async () => {
      const store = await create({ maxBytes: 10 });
      const stored = await store.put('call-3', 'abcdefghié and more');
      expect(stored).toMatchObject({ bytes: 9, truncated: true, sha256: sha256('abcdefghi') });
      expect(await store.read('call-3')).toBe('abcdefghi');
      const exact = await store.put('call-4', chunks('12345', '67890'));
      expect(exact).toMatchObject({ bytes: 10, truncated: false });
    });

    it('does not read a stream past the limit', async () => {
      const store = await create({ maxBytes: 64 });
      let produced = 0;
      async function* endless(): AsyncIterable<string> {
        for (;;) {
          produced++;
          yield 'y\n'.repeat(16);
        }
      }
      const stored = await store.put('call-5', endless());
      expect(stored).toMatchObject({ bytes: 64, lines: 32, truncated: true });
      expect(produced).toBe(3);
    });

    it('pages lines from a line number', async () => {
      const store = await create();
      await store.put('call-6', 'one\ntwo\nthree\nfour\n');
      expect(await store.readLines('call-6', 2, 2)).toEqual({ lines: ['two', 'three'], next: 4 });
      expect(await store.readLines('call-6', 4, 10)).toEqual({ lines: ['four'] });
      expect(await store.readLines('missing', 1, 10)).toBeUndefined();
    });

    it('answers undefined for an id it does not hold, and replaces an output put again', async () => {
      const store = await create();
      expect(await store.read('nothing')).toBeUndefined();
      expect(await store.stat('nothing')).toBeUndefined();
      await store.put('call-7', 'old');
      const again = await store.put('call-7', 'new text');
      expect(await store.read('call-7')).toBe('new text');
      expect(await store.stat('call-7')).toEqual(again);
    });

    it('refuses ids that could name something outside the store', async () => {
      const store = await create();
      for (const id of ['../escape', 'a/b', '.hidden', '', 'x'.repeat(300)]) {
        await expect(store.put(id, 'text')).rejects.toThrow(/not a valid output id/);
      }
    });
  });
}

describeOutputStore('FileOutputStore', async (options) => new FileOutputStore(await temporaryDir(), options));
describeOutputStore('MemoryOutputStore', async (options) => new MemoryOutputStore(options));

describe('FileOutputStore on disk', () => {
  it('writes one file per output named by its call id, with a version 1 record beside it', async () => {
    const dir = await temporaryDir();
    const store = new FileOutputStore(join(dir, 'session-1'));
    const text = 'x\n'.repeat(1000);
    const stored = await store.put('call-42', text);
    expect((await readdir(join(dir, 'session-1'))).sort()).toEqual(['call-42.json', 'call-42.out']);
    const file = await readFile(join(dir, 'session-1', 'call-42.out'));
    expect(createHash('sha256').update(file).digest('hex')).toBe(stored.sha256);
    const record: unknown = JSON.parse(await readFile(join(dir, 'session-1', 'call-42.json'), 'utf8'));
    expect(record).toEqual({
      version: 1,
      id: 'call-42',
      bytes: 2000,
      lines: 1000,
      sha256: stored.sha256,
      truncated: false,
    });
  });

  it('rejects a record that is not valid', async () => {
    const dir = await temporaryDir();
    const store = new FileOutputStore(dir);
    await store.put('call-1', 'text');
    await writeFile(join(dir, 'call-1.json'), JSON.stringify({ version: 2, id: 'call-1' }));
    await expect(store.stat('call-1')).rejects.toThrow(/record of "call-1" is not valid/);
  });

  it('leaves no temporary file behind when a stream fails, even before its file is open', async () => {
    const dir = await temporaryDir();
    const store = new FileOutputStore(dir);
    async function* failing(): AsyncIterable<string> {
      yield 'start\n';
      throw new Error('the producer failed');
    }
    // The write stream opens its file in the background; a failure can come first. Many tries
    // make that order likely (about one in ten did leave a file before the store waited for it).
    for (let i = 0; i < 50; i++) {
      await expect(store.put(`call-${i}`, failing())).rejects.toThrow('the producer failed');
    }
    expect(await readdir(dir)).toEqual([]);
  });
});
