/** A small file system of its own for a test that fills a disk or makes one read-only (root only). */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import type { TestContext } from 'vitest';

/**
 * Mounts a tmpfs of `size` (as mount takes it: 64k, 1m) on a new folder `path`, runs `use` on it and
 * unmounts it; skips the test where no file system can be mounted.
 */
export async function onSmallDisk(
  path: string,
  size: string,
  context: TestContext,
  use: (disk: string) => Promise<void>,
): Promise<void> {
  await mkdir(path);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path], { stdio: 'ignore' });
  } catch {
    context.skip('a small file system cannot be mounted here');
  }
  try {
    await use(path);
  } finally {
    // Lazily: a handle left open must not hide the test's own failure.
    execFileSync('umount', ['--lazy', path]);
  }
}
