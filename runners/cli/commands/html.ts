/**
 * `wisp-eval html DIR`: writes DIR/report.html again over every run of the results folder (a `run` or
 * `checkpoint` writes it when it ends).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RUNS_FILE_NAME } from '../../../records/read-run-files.js';
import { writeFolderReport } from '../../matrix/html-report.js';
import { UsageError } from '../../errors.js';
import type { CliIO } from '../io.js';

export async function htmlCommand(dir: string, io: CliIO): Promise<number> {
  if (!existsSync(join(dir, RUNS_FILE_NAME)))
    throw new UsageError(`html ${dir}: no ${RUNS_FILE_NAME} there: not a results folder`);
  io.out(`report: ${await writeFolderReport(dir)}`);
  return 0;
}
