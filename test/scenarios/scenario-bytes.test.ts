import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readScenarioBytes } from '../../scenarios/scenario-bytes.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-scenario-bytes-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('reading a scenario file', () => {
  it('refuses a FIFO before reading anything, rather than waiting for a writer', async () => {
    const fifo = join(dir, 'scenario.yaml');
    execFileSync('mkfifo', [fifo]);
    await expect(readScenarioBytes(fifo, 1024)).resolves.toEqual({ problem: 'not a regular file' });
  }, 5_000);

  it('refuses a device', async () => {
    await expect(readScenarioBytes('/dev/zero', 1024)).resolves.toEqual({ problem: 'not a regular file' });
  });
});
