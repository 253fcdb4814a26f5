/**
 * A finished run read back from its results folder: its record, its store's entries with their text,
 * its audit log and its model calls rebuilt byte for byte. What the context inspector and the HTML
 * report read. Every audit event and store entry is checked against its schema (records/audit-event.ts,
 * records/store-entry.ts) and handed on as it was written; one that does not fit is refused, naming
 * the file and its line or entry.
 */
import { join } from 'node:path';
import { toError, type AuditEvent, type Entry } from '../engine/index.js';
import { parseAuditEvents } from './audit-event.js';
import { CallsFileError } from './errors.js';
import { readRegularText } from './regular-file.js';
import { expandStore, readCalls, type LoggedCall } from './requests-file.js';
import type { RunRecord } from './run-record.js';
import { firstIssue } from './runs-file.js';
import { savedEntrySchema, storeFileSchema } from './store-entry.js';

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

/** Reads one file of a run's folder, naming it when it cannot be read. */
async function readRunFile(runDir: string, name: string): Promise<string> {
  try {
    return await readRegularText(join(runDir, name));
  } catch (thrown) {
    const error = toError(thrown) as NodeJS.ErrnoException;
    throw new CallsFileError(join(runDir, name), null, `cannot be read (${error.message})`, {
      missing: error.code === 'ENOENT',
    });
  }
}

/** The text an audit event holds for the entry it recorded: a prompt's, a reply's, a tool result's. */
function eventText(event: AuditEvent | undefined): string | undefined {
  if (event === undefined) return undefined;
  if (event.type === 'tool.result') return event.content;
  return 'text' in event && typeof event.text === 'string' ? event.text : undefined;
}

/**
 * The store's entries from store.json's `text`, each checked against the entry schema and its text
 * taken back from the audit event it names; a bad entry is named by `file` and its place from 1.
 */
export function parseStoreEntries(text: string, file: string, audit: readonly AuditEvent[]): Entry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (thrown) {
    const cut = text.endsWith('\n') ? '' : ', the file is cut off';
    throw new CallsFileError(file, null, `not JSON (${toError(thrown).message}${cut})`);
  }
  const saved = storeFileSchema.safeParse(value);
  if (!saved.success) throw new CallsFileError(file, null, `not a saved store (${firstIssue(saved.error)})`);
  const events = new Map(audit.map((event) => [event.id, event]));
  const entries = saved.data.entries as Record<string, unknown>[];
  entries.forEach((entry, index) => {
    const problem = entryProblem(entry, events);
    if (problem !== null) throw new CallsFileError(file, null, `entry ${index + 1}: ${problem}`);
  });
  return expandStore({ version: saved.data.version, entries }, audit as unknown as Record<string, unknown>[])
    .entries as unknown as Entry[];
}

/** What a saved entry lacks, or null for an entry whose text is there or in the event it names. */
function entryProblem(entry: unknown, events: ReadonlyMap<string, AuditEvent>): string | null {
  const checked = savedEntrySchema.safeParse(entry);
  if (!checked.success) return `not a store entry (${firstIssue(checked.error)})`;
  const { text, textFrom } = checked.data;
  if (text !== undefined && textFrom !== undefined) return 'has both text and textFrom';
  if (textFrom === undefined)
    return text === undefined ? 'not a store entry (text: neither text nor textFrom is given)' : null;
  if (eventText(events.get(textFrom)) === undefined)
    return `textFrom names ${textFrom}, which audit.jsonl lacks or holds no text for`;
  return null;
}

/** Reads the folder of `record`'s run under the results folder `dir`. */
export async function loadRunFiles(dir: string, record: RunRecord): Promise<RunFiles> {
  return loadRunFolder(join(dir, 'runs', record.id), record);
}

/** Reads `runDir`, the folder of `record`'s run. */
export async function loadRunFolder(runDir: string, record: RunRecord): Promise<RunFiles> {
  const [auditText, storeText, messagesText, requestsText] = await Promise.all(
    ['audit.jsonl', 'store.json', 'messages.jsonl', 'requests.jsonl'].map((name) =>
      readRunFile(runDir, name),
    ),
  );
  const audit = parseAuditEvents(auditText ?? '', join(runDir, 'audit.jsonl'));
  let calls: LoggedCall[];
  try {
    calls = readCalls(messagesText ?? '', requestsText ?? '', audit);
  } catch (thrown) {
    throw thrown instanceof CallsFileError ? thrown.under(runDir) : thrown;
  }
  const entries = parseStoreEntries(storeText ?? '', join(runDir, 'store.json'), audit);
  return { record, entries, audit, calls };
}
