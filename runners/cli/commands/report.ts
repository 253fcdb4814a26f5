/**
 * `wisp-eval report DIR [DIR ...]`: combines results folders (the shards of one checkpoint, say),
 * writes the reports of every record into the first folder or --out, and prints the summary table.
 */
import { CallsFileError } from '../../../records/errors.js';
import { combineRunRecords, type Prefer } from '../../../records/runs-file.js';
import { writeReports } from '../../../reports/reporters/index.js';
import { join } from 'node:path';
import { REPORT_FILE } from '../../../reports/html/write.js';
import { outputError } from '../../io/files.js';
import { lockFolder } from '../../recording/lock.js';
import { writeCombinedReport } from '../../matrix/html-report.js';
import { summariseCells } from '../../../reports/stats/cells.js';
import { SUMMARY_HEADER, summaryRow } from '../../../reports/summary-table.js';
import { formatTable } from '../../../reports/text-table.js';
import { UsageError } from '../../errors.js';
import type { CliIO } from '../io.js';
import type { RunRecord } from '../../../records/run-record.js';

export interface ReportArgs {
  dirs: string[];
  out?: string;
  /** Print each cell's statistics as one JSON line instead of the table. */
  json: boolean;
  /** Of two records of one run differing only in timings, keep the first folder's or the last's. */
  prefer?: Prefer;
}

export async function reportCommand(
  args: ReportArgs,
  io: CliIO,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<number> {
  const [first] = args.dirs;
  if (first === undefined) throw new UsageError('report: name at least one results folder');
  const records = await combineRunRecords(args.dirs, args.prefer);
  const out = args.out ?? first;
  // The folder written into is locked as a run locks it: never written while an invocation fills it.
  const lock = await lockFolder(out, 'report');
  const named = (thrown: unknown, fallback: string) => {
    // A run's file that does not read is the results folder's fault, not the write's.
    if (thrown instanceof CallsFileError) return thrown;
    const path = (thrown as { path?: unknown }).path;
    return outputError(typeof path === 'string' ? path : fallback, thrown);
  };
  let written: string[];
  try {
    written = await writeReports(out, records, { env }).catch((thrown: unknown) => {
      throw named(thrown, out);
    });
    written.push(
      await writeCombinedReport(out, args.dirs, records).catch((thrown: unknown) => {
        throw named(thrown, join(out, REPORT_FILE));
      }),
    );
  } finally {
    await lock.release();
  }
  const cells = summariseCells(records);
  if (args.json) {
    for (const cell of cells) io.out(JSON.stringify(cell));
  } else {
    for (const line of formatTable(SUMMARY_HEADER, cells.map(summaryRow))) io.out(line);
    for (const line of identityLines(records)) io.out(line);
  }
  // Under --json, stdout holds the JSON lines alone.
  const line = `reports: ${written.join(', ')}`;
  if (args.json) io.err(line);
  else io.out(line);
  return 0;
}

/**
 * A line for each model behind a server and each identity its server gave it (Ollama's digest), so
 * a reader of the summary knows which build of a model the figures are of.
 */
export function identityLines(records: readonly RunRecord[]): string[] {
  const seen = new Map<string, string>();
  for (const record of records) {
    for (const stretch of record.models ?? [{ model: record.model, backend: record.backend }]) {
      const backend = stretch.backend;
      if (backend === undefined) continue;
      const line = `model ${stretch.model}: ${backend.digest === null ? 'no digest given' : `digest ${backend.digest}`} (${backend.kind} at ${backend.url})`;
      seen.set(line, line);
    }
  }
  return [...seen.keys()];
}
