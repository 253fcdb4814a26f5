/**
 * `html DIR` and `report DIR` respect the folder's lock as a run does, and report.html's temporary
 * file is never left behind: removed when its write fails, and by `html DIR` when an earlier one left it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { htmlCommand } from '../../../runners/cli/commands/html.js';
import { reportCommand } from '../../../runners/cli/commands/report.js';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { OutputError, OutputLockedError } from '../../../runners/errors.js';
import { createResults } from '../../../runners/recording/results-folder.js';
import { onSmallDisk } from '../../e2e/small-disk.js';
import { makeRecord } from '../../reports/record-fixture.js';
import { codenamePlan } from '../recording/plan-fixture.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-folder-lock-'));
  await writeFile(join(dir, 'runs.jsonl'), JSON.stringify(makeRecord({})) + '\n');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function holdLock(): Promise<void> {
  const holder = { pid: process.pid, host: hostname(), command: 'run', since: new Date().toISOString() };
  await writeFile(join(dir, '.lock'), JSON.stringify(holder) + '\n');
}

describe('a folder a running invocation holds', () => {
  it('is not written by html DIR', async () => {
    await holdLock();
    await expect(htmlCommand(dir, bufferIO())).rejects.toThrow(OutputLockedError);
    expect(existsSync(join(dir, 'report.html'))).toBe(false);
    expect(existsSync(join(dir, '.lock'))).toBe(true);
  });

  it('is not written by report DIR', async () => {
    await holdLock();
    await expect(reportCommand({ dirs: [dir], json: false }, bufferIO())).rejects.toThrow(OutputLockedError);
    expect(existsSync(join(dir, 'summary.csv'))).toBe(false);
  });

  it('is written once the lock is given back, and the lock is not left', async () => {
    expect(await htmlCommand(dir, bufferIO())).toBe(0);
    expect(await reportCommand({ dirs: [dir], json: false }, bufferIO())).toBe(0);
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });
});

describe("report.html's temporary file", () => {
  it('is removed when the write fails, and the failure names report.html', async () => {
    // A folder in report.html's place: the rename over it fails as a full disk's write would.
    await mkdir(join(dir, 'report.html', 'inside'), { recursive: true });
    const failed = htmlCommand(dir, bufferIO());
    await expect(failed).rejects.toThrow(OutputError);
    await expect(failed).rejects.toThrow(`cannot write ${join(dir, 'report.html')}`);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('left by an earlier write is removed by html DIR, and nothing else is', async () => {
    await writeFile(join(dir, 'report.html.4242.tmp'), '<html');
    await writeFile(join(dir, 'notes.tmp'), 'mine');
    expect(await htmlCommand(dir, bufferIO())).toBe(0);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual(['notes.tmp']);
  });
});

describe('a results folder on a read-only file system', () => {
  it.runIf(process.getuid?.() === 0)(
    'is named with the cause in one line, exit 3, by report, html and run --resume',
    async (context) => {
      await onSmallDisk(join(dir, 'disk'), '1m', context, async (disk) => {
        const results = join(disk, 'results');
        await (await createResults(results, codenamePlan(), 'run')).lock.release();
        await writeFile(join(results, 'runs.jsonl'), JSON.stringify(makeRecord({})) + '\n');
        execFileSync('mount', ['-o', 'remount,ro', disk]);
        for (const args of [
          ['report', results],
          ['html', results],
          ['run', '--resume', results],
        ]) {
          const io = bufferIO();
          expect(await main(args, io, {}), args.join(' ')).toBe(3);
          expect(io.stderr).toEqual([
            `wisp-eval: cannot write ${join(results, '.lock')}: the file system is read-only`,
          ]);
        }
      });
    },
  );
});
