/**
 * compiledState: dist/ is `missing` without the compiled command line, `stale` when a source file is
 * newer than its output or has none, and `current` otherwise; the folders it looks at are the ones
 * tsconfig.build.json compiles.
 */
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILED_ENTRY, EXCLUDED_FOLDERS, SOURCE_FOLDERS, compiledState, root } from '../../bin/compiled.js';

let tree: string;

async function put(file: string, ageSeconds: number): Promise<void> {
  await mkdir(dirname(join(tree, file)), { recursive: true });
  await writeFile(join(tree, file), '');
  const at = Date.now() / 1000 - ageSeconds;
  await utimes(join(tree, file), at, at);
}

beforeEach(async () => {
  tree = await mkdtemp(join(tmpdir(), 'wisp-compiled-'));
  // Sources an hour old, compiled a minute ago.
  await put('runners/cli/launch.ts', 3600);
  await put('engine/facts/kinds.json', 3600);
  await put(COMPILED_ENTRY, 60);
  await put('dist/engine/facts/kinds.json', 60);
});

afterEach(async () => {
  await rm(tree, { recursive: true, force: true });
});

describe('compiledState', () => {
  it('is current when every source file is older than its output', () => {
    expect(compiledState(tree)).toEqual({ state: 'current' });
  });

  it('is missing without the compiled command line', async () => {
    await rm(join(tree, 'dist'), { recursive: true });
    expect(compiledState(tree)).toEqual({ state: 'missing' });
  });

  it('names a source file edited after the build', async () => {
    await put('runners/cli/launch.ts', 0);
    expect(compiledState(tree)).toEqual({ state: 'stale', source: 'runners/cli/launch.ts' });
  });

  it('names a source file added after the build, whose output does not exist', async () => {
    await put('engine/agent/new-part.ts', 3600);
    expect(compiledState(tree)).toEqual({ state: 'stale', source: 'engine/agent/new-part.ts' });
  });

  it('names a JSON file edited after tsc copied it, and ignores JSON it never copied', async () => {
    await put('scenarios/notes.json', 0);
    expect(compiledState(tree)).toEqual({ state: 'current' });
    await put('engine/facts/kinds.json', 0);
    expect(compiledState(tree)).toEqual({ state: 'stale', source: 'engine/facts/kinds.json' });
  });

  it('ignores declarations, other files and the excluded workspaces', async () => {
    await put('engine/types.d.ts', 0);
    await put('engine/README.md', 0);
    await put('scenarios/workspaces/tidewater/tool.ts', 0);
    expect(compiledState(tree)).toEqual({ state: 'current' });
  });
});

describe('the folders it looks at', () => {
  it('are the ones tsconfig.build.json compiles and leaves out', async () => {
    const config = JSON.parse(await readFile(join(root, 'tsconfig.build.json'), 'utf8')) as {
      include: string[];
      exclude: string[];
    };
    expect(SOURCE_FOLDERS).toEqual(config.include);
    expect(config.exclude).toEqual(expect.arrayContaining([...EXCLUDED_FOLDERS]));
  });
});
