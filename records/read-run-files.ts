/**
 * A finished run read back from its results folder: its record, its store's entries with their text,
 * its audit log and its model calls rebuilt byte for byte. What the context inspector and the HTML
 * report read.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEvent, Entry } from '../engine/index.js';
import { expandStore, loadCalls, type LoggedCall } from './requests-file.js';
import type { RunRecord } from './run-record.js';

// One reader of runs.jsonl for every command: it checks each record and names a bad line.
export { readRunRecords, RUNS_FILE_NAME } from './runs-file.js';

/** A run's record and the files its folder holds. */
export interface RunFiles {
  record: RunRecord;
  /** Every entry of the store, active and dropped, in id order, with its text. */
  entries: Entry[];
  audit: AuditEvent[];
  /** Every model call in the order made. */
  calls: LoggedCall[];
}

function parseLines<T>(text: string): T[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}

/** Reads the folder of `record`'s run under the results folder `dir`. */
export async function loadRunFiles(dir: string, record: RunRecord): Promise<RunFiles> {
  return loadRunFolder(join(dir, 'runs', record.id), record);
}

/** Reads `runDir`, the folder of `record`'s run. */
export async function loadRunFolder(runDir: string, record: RunRecord): Promise<RunFiles> {
  const [auditText, storeText, calls] = await Promise.all([
    readFile(join(runDir, 'audit.jsonl'), 'utf8'),
    readFile(join(runDir, 'store.json'), 'utf8'),
    loadCalls(runDir),
  ]);
  const audit = parseLines<AuditEvent>(auditText);
  const store = expandStore(
    JSON.parse(storeText) as { version: number; entries: Record<string, unknown>[] },
    audit as unknown as Record<string, unknown>[],
  );
  return { record, entries: store.entries as unknown as Entry[], audit, calls };
}
