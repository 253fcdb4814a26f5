import { link, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendJsonLine, toJsonLines, writeFileAtomic } from '../../../runners/io/files.js';

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
