/**
 * A file's name says what it holds: outside tests, two files share a name only when they play the
 * same part in folders of the same kind (a folder's index.ts, a layer's errors.ts, a model backend's
 * wire.ts). Any other pair would make a reader guess which of two things a name means.
 */
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/cli.js';

const SOURCE_FOLDERS = [
  'engine',
  'records',
  'runners',
  'scenarios',
  'strategies',
  'reports',
  'snapshots',
  'scripts',
];

/** Names shared on purpose, each by files of one role. */
const SHARED_ON_PURPOSE = new Set(['index.ts', 'errors.ts', 'wire.ts']);

async function sourceFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of SOURCE_FOLDERS) {
    const entries = await readdir(join(repoRoot, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries)
      if (entry.isFile() && entry.name.endsWith('.ts')) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

describe('file names', () => {
  it('are not shared by two source files meaning different things', async () => {
    const byName = new Map<string, string[]>();
    for (const file of await sourceFiles()) {
      const name = basename(file);
      byName.set(name, [...(byName.get(name) ?? []), file.slice(repoRoot.length + 1)]);
    }
    const shared = [...byName].filter(([name, files]) => files.length > 1 && !SHARED_ON_PURPOSE.has(name));
    expect(shared).toEqual([]);
    expect(byName.size).toBeGreaterThan(100);
  });

  it('share wire.ts only between the model backends', async () => {
    const wires = (await sourceFiles()).filter((file) => basename(file) === 'wire.ts');
    for (const file of wires) expect(file).toMatch(/\/runners\/models\/[^/]+\/wire\.ts$/);
  });
});
