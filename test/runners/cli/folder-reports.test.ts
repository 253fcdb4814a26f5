import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFolderReports } from '../../../runners/cli/commands/run.js';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { OutputError } from '../../../runners/errors.js';
import { makeRecord } from '../../reports/record-fixture.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-folder-reports-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the folder's reports after a run", () => {
  it("name GitHub's step summary, not the results folder, when it is what cannot be written", async () => {
    const out = join(dir, 'results');
    const cases = [
      [join(dir, 'missing', 'summary.md'), 'a folder there cannot be made'],
      ['/dev/null', 'it is not a regular file'],
    ] as const;
    for (const [summary, cause] of cases) {
      const written = writeFolderReports(out, [makeRecord({})], { GITHUB_STEP_SUMMARY: summary });
      await expect(written).rejects.toThrow(OutputError);
      await expect(written).rejects.toThrow(`cannot write ${summary}: ${cause}`);
    }
  });
});

describe('a run whose step summary cannot be written', () => {
  it('still writes report.html and the table, then fails naming the summary', async () => {
    const out = join(dir, 'summary-missing');
    const summary = join(dir, 'nowhere', 'summary.md');
    const io = bufferIO();
    const argv = [
      'run',
      '--scenario',
      'codename',
      '--strategy',
      'dropping',
      '--window',
      '8192',
      '--out',
      out,
    ];
    expect(await main(argv, io, { GITHUB_STEP_SUMMARY: summary })).toBe(3);
    expect(io.stderr.join('\n')).toContain(`cannot write ${summary}: a folder there cannot be made`);
    expect(existsSync(join(out, 'report.html'))).toBe(true);
    expect(existsSync(join(out, 'summary.md'))).toBe(true);
    expect(io.stdout.join('\n')).toContain('codename');
  }, 60_000);
});
