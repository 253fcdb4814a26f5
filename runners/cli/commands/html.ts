/**
 * `wisp-eval html DIR`: writes DIR/report.html again over every run of the results folder (a `run` or
 * `checkpoint` writes it when it ends). It takes the folder's lock, so it never writes into a folder
 * an invocation is still filling, and removes report.html's temporary files that a write cut short
 * (a full disk) left there. A run folder whose files are damaged is named on stderr, one line each
 * with the file and line, and the command exits 2: the page shows those runs without their charts.
 */
import { existsSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { RUNS_FILE_NAME } from '../../../records/read-run-files.js';
import { REPORT_FILE } from '../../../reports/html/write.js';
import { terminalText } from '../../../reports/inspect/format.js';
import { writeFolderReport } from '../../matrix/html-report.js';
import { UsageError } from '../../errors.js';
import { outputError } from '../../io/files.js';
import { CallsFileError } from '../../../records/errors.js';
import { lockFolder } from '../../recording/lock.js';
import type { CliIO } from '../io.js';

export async function htmlCommand(dir: string, io: CliIO): Promise<number> {
  if (!existsSync(join(dir, RUNS_FILE_NAME)))
    throw new UsageError(`html ${dir}: no ${RUNS_FILE_NAME} there: not a results folder`);
  const lock = await lockFolder(dir, 'html');
  try {
    await removeReportLeftovers(dir);
    const damaged: string[] = [];
    const path = await writeFolderReport(dir, undefined, (runId, reason) => {
      damaged.push(`wisp-eval: html: run ${runId} is shown without its chart and inspector: ${reason}`);
    }).catch((thrown: unknown) => {
      // A run's file that does not read is the folder's fault, not the write's.
      if (thrown instanceof CallsFileError) throw thrown;
      const named = (thrown as { path?: unknown }).path;
      throw outputError(typeof named === 'string' ? named : join(dir, REPORT_FILE), thrown);
    });
    io.out(`report: ${path}`);
    for (const line of damaged) io.err(terminalText(line));
    return damaged.length > 0 ? 2 : 0;
  } finally {
    await lock.release();
  }
}

/** Removes `report.html.<pid>.tmp` files of `dir`, by exact name, only regular files (no link followed). */
export async function removeReportLeftovers(dir: string): Promise<void> {
  const pattern = /^report\.html\.\d+\.tmp$/;
  for (const name of await readdir(dir)) {
    if (!pattern.test(name)) continue;
    const info = await lstat(join(dir, name)).catch(() => undefined);
    if (info?.isFile()) await rm(join(dir, name), { force: true });
  }
}
