/**
 * The program in docs/engine.md drives the engine as a package would. Here it runs against the
 * engine's sources (`wisp-eval/engine` is `engine/index.ts`); test/package/ runs such a program
 * against the compiled package.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blockStartingWith, readDoc, repoRoot } from './markdown.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-docs-engine-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('docs/engine.md', () => {
  it('shows a program that makes one turn through the public API and prints its status and reply', async () => {
    const program = blockStartingWith(readDoc('docs/engine.md'), 'import {').text;
    expect(program).toContain("from 'wisp-eval/engine'");
    const file = join(dir, 'main.mjs');
    await writeFile(
      file,
      program.replace("'wisp-eval/engine'", `'${pathToFileURL(join(repoRoot, 'engine/index.ts')).href}'`),
    );
    const printed: unknown[][] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args));
    try {
      await import(pathToFileURL(file).href);
    } finally {
      log.mockRestore();
    }
    expect(printed).toHaveLength(1);
    const [status, reply, events] = printed[0] ?? [];
    expect(status).toBe('completed');
    expect(reply).toBe('You said: Hello, engine.');
    expect(events).toBeGreaterThan(0);
  });
});
