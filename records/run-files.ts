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

/** The runs file of a results folder. */
export const RUNS_FILE_NAME = 'runs.jsonl';

/** A run's record and the files its folder holds. */
export interface RunFiles {
  record: RunRecord;
  /** Every entry of the store, active and dropped, in id order, with its text. */
  entries: Entry[];
  audit: AuditEvent[];
  /** Every model call in the order made. */
  calls: LoggedCall[];
}

/**
 * The records of `dir`'s runs.jsonl, in the order written. A cut-off last line (an invocation killed
 * mid-write) is left out; a record appended twice (a resumed folder never does so) counts once.
 */
export async function readRunRecords(dir: string): Promise<RunRecord[]> {
  const text = await readFile(join(dir, RUNS_FILE_NAME), 'utf8');
  const byId = new Map<string, RunRecord>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let record: RunRecord;
    try {
      record = JSON.parse(line) as RunRecord;
    } catch {
      continue;
    }
    byId.set(record.id, record);
  }
  return [...byId.values()];
}

function parseLines<T>(text: string): T[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}

/** Reads the folder of `record`'s run under the results folder `dir`. */
export async function loadRunFiles(dir: string, record: RunRecord): Promise<RunFiles> {
  const runDir = join(dir, 'runs', record.id);
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
