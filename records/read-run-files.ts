/**
 * A finished run read back from its results folder: its record, its store's entries with their text,
 * its audit log and its model calls rebuilt byte for byte. What the context inspector and the HTML
 * report read.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { toError, type AuditEvent, type Entry } from '../engine/index.js';
import { CallsFileError } from './errors.js';
import { readRegularText } from './regular-file.js';
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

/**
 * A line of audit.jsonl as read here: an object with its event type. The engine defines each event's
 * fields; the inspector reads them by type.
 */
const auditLineSchema = z.looseObject({ type: z.string() });

/** The saved store of a run (store.json) as written: its version and entries. */
const storeFileSchema = z.looseObject({
  version: z.number().int(),
  entries: z.array(z.record(z.string(), z.unknown())),
});

/** Reads one file of a run's folder, naming it when it cannot be read. */
async function readRunFile(runDir: string, name: string): Promise<string> {
  try {
    return await readRegularText(join(runDir, name));
  } catch (thrown) {
    throw new CallsFileError(join(runDir, name), null, `cannot be read (${toError(thrown).message})`);
  }
}

/** The audit events of audit.jsonl, a bad line named by file and line. */
function parseAudit(text: string, file: string): AuditEvent[] {
  return text.split('\n').flatMap((line, index) => {
    if (line === '') return [];
    try {
      return [auditLineSchema.parse(JSON.parse(line)) as unknown as AuditEvent];
    } catch (thrown) {
      throw new CallsFileError(
        file,
        index + 1,
        `not an audit event (${toError(thrown).message.split('\n')[0]})`,
      );
    }
  });
}

/** Reads the folder of `record`'s run under the results folder `dir`. */
export async function loadRunFiles(dir: string, record: RunRecord): Promise<RunFiles> {
  return loadRunFolder(join(dir, 'runs', record.id), record);
}

/** Reads `runDir`, the folder of `record`'s run. */
export async function loadRunFolder(runDir: string, record: RunRecord): Promise<RunFiles> {
  const [auditText, storeText, calls] = await Promise.all([
    readRunFile(runDir, 'audit.jsonl'),
    readRunFile(runDir, 'store.json'),
    loadCalls(runDir),
  ]);
  const audit = parseAudit(auditText, join(runDir, 'audit.jsonl'));
  let storeValue: unknown;
  try {
    storeValue = JSON.parse(storeText);
  } catch (thrown) {
    throw new CallsFileError(join(runDir, 'store.json'), null, `not JSON (${toError(thrown).message})`);
  }
  const saved = storeFileSchema.safeParse(storeValue);
  if (!saved.success)
    throw new CallsFileError(
      join(runDir, 'store.json'),
      null,
      `not a saved store (${saved.error.issues[0]?.message ?? ''})`,
    );
  const store = expandStore(saved.data, audit as unknown as Record<string, unknown>[]);
  return { record, entries: store.entries as unknown as Entry[], audit, calls };
}
