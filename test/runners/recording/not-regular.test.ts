/**
 * A FIFO where the harness expects a file is refused before any read, so nothing waits for a
 * writer: a checkpoint spec, plan.json and runs.jsonl of a folder resumed, a replayed folder's
 * runs.jsonl, and an answer cache's mark.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRunRecords } from '../../../records/runs-file.js';
import { loadCheckpoint } from '../../../runners/cli/commands/checkpoint.js';
import { plannedRunIds } from '../../../runners/matrix/plan.js';
import { CACHE_MARK, openCache } from '../../../runners/models/cache/answer-cache.js';
import { readPlan } from '../../../runners/recording/plan-file.js';
import { createResults, resumeResults } from '../../../runners/recording/results-folder.js';
import { codenamePlan } from './plan-fixture.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'wisp-fifo-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function fifo(path: string): string {
  execFileSync('mkfifo', [path]);
  return path;
}

const PLAN = codenamePlan();

describe('a FIFO in place of a file', () => {
  it.each(['spec.yaml', 'spec.json', 'spec.ts'])(
    'is refused as the checkpoint spec %s',
    async (name) => {
      const spec = fifo(join(root, name));
      await expect(loadCheckpoint(spec)).rejects.toThrow(/spec\.\w+: not a regular file/);
    },
    5_000,
  );

  it('is refused as plan.json, naming it', async () => {
    fifo(join(root, 'plan.json'));
    await expect(readPlan(root)).rejects.toThrow(/plan\.json: not a regular file/);
  }, 5_000);

  it('is refused as runs.jsonl of a folder resumed, and the lock is let go', async () => {
    const dir = join(root, 'results');
    const folder = await createResults(dir, PLAN, 'run');
    await folder.lock.release();
    fifo(join(dir, 'runs.jsonl'));
    await expect(resumeResults(dir, 'run --resume', plannedRunIds)).rejects.toThrow(
      /runs\.jsonl: not a regular file/,
    );
  }, 10_000);

  it('is refused as the runs.jsonl of a folder read back (--replay, report)', async () => {
    fifo(join(root, 'runs.jsonl'));
    await expect(readRunRecords(root)).rejects.toThrow(/runs\.jsonl: not a regular file/);
  }, 5_000);

  it("is refused as an answer cache's mark", async () => {
    await mkdir(join(root, 'cache'));
    fifo(join(root, 'cache', CACHE_MARK));
    await writeFile(join(root, 'cache', 'other'), '');
    await expect(openCache(join(root, 'cache'))).rejects.toThrow(/not an answer cache/);
  }, 5_000);
});
