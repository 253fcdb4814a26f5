import { link, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputError } from '../../../runners/errors.js';
import {
  appendJsonLine,
  appendLineWhole,
  toJsonLines,
  writeFileAtomic,
  type LineWriter,
} from '../../../runners/io/files.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writing results', () => {
  it('replaces a file whole, by a new file renamed over it, never by writing into it', async () => {
    const target = join(dir, 'store.json');
    await writeFile(target, 'the old content\n');
    // A second name for the old file: writing into the file would change what it shows too; a new
    // file renamed over the target leaves it as it was.
    const other = join(dir, 'store-link.json');
    await link(target, other);
    await writeFileAtomic(target, 'the new content\n');
    expect(await readFile(target, 'utf8')).toBe('the new content\n');
    expect(await readFile(other, 'utf8')).toBe('the old content\n');
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('creates the folders a file needs', async () => {
    const target = join(dir, 'runs', 'a', 'transcripts', 'x.json');
    await writeFileAtomic(target, '{}\n');
    expect(await readFile(target, 'utf8')).toBe('{}\n');
  });

  it('appends one JSON value per line', async () => {
    const target = join(dir, 'out', 'runs.jsonl');
    await appendJsonLine(target, { id: 'a' });
    await appendJsonLine(target, { id: 'b' });
    expect(await readFile(target, 'utf8')).toBe('{"id":"a"}\n{"id":"b"}\n');
    expect(toJsonLines([1, 'x'])).toBe('1\n"x"\n');
  });
});

describe('appending a record whole or not at all', () => {
  it('appends one line', async () => {
    const path = join(dir, 'whole', 'runs.jsonl');
    await appendLineWhole(path, { id: 'a' });
    await appendLineWhole(path, { id: 'b' });
    expect(await readFile(path, 'utf8')).toBe('{"id":"a"}\n{"id":"b"}\n');
  });

  it('leaves the file as it was when the disk fills mid-line, and says so in one line', async () => {
    const path = join(dir, 'full', 'runs.jsonl');
    await appendLineWhole(path, { id: 'a' });
    // A disk that takes the first 5 bytes of the line and no more.
    const full: LineWriter = {
      write: async (handle, bytes) => (await handle.write(bytes.subarray(0, 5))).bytesWritten,
    };
    const failure = appendLineWhole(path, { id: 'b', long: 'x'.repeat(100) }, full);
    await expect(failure).rejects.toThrow(new OutputError(`cannot write ${path}: the disk is full`));
    expect(await readFile(path, 'utf8')).toBe('{"id":"a"}\n');
  });

  it('names a write that fails outright', async () => {
    const path = join(dir, 'refused', 'runs.jsonl');
    await appendLineWhole(path, { id: 'a' });
    const readOnly: LineWriter = {
      write: () =>
        Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' })),
    };
    await expect(appendLineWhole(path, { id: 'b' }, readOnly)).rejects.toThrow(
      `cannot write ${path}: the file system is read-only`,
    );
    expect(await readFile(path, 'utf8')).toBe('{"id":"a"}\n');
  });

  it('names a path that runs through a file', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'x');
    await expect(writeFileAtomic(join(file, 'runs', 'x.json'), '{}')).rejects.toThrow(
      `cannot write ${join(file, 'runs', 'x.json')}: a part of the path is a file, not a folder`,
    );
  });
});
