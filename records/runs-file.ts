/**
 * Reading a results folder's runs.jsonl back: every line a run record, checked at this boundary by
 * the record's schema (records/run-record.ts), and folders combined (shards of one checkpoint) with their duplicates
 * told apart from their conflicts. A bad line is named by file and line number.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { ResultsError } from './errors.js';
import { NOT_REGULAR, NOT_REGULAR_TEXT, readRegularText } from './regular-file.js';
import { checkRunRecord, type RunRecord } from './run-record.js';

/** The runs file of a results folder: one run record a line. */
export const RUNS_FILE_NAME = 'runs.jsonl';

/** The first problem zod found, as `field: message`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'not a run record';
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

/** Where each record was read from, for messages that name both sides of a conflict. */
export interface SourcedRecord {
  record: RunRecord;
  /** The runs.jsonl it came from, and its line from 1. */
  file: string;
  line: number;
}

/** Parses the text of a runs.jsonl with each record's line; `file` names it. Blank lines are allowed. */
export function parseSourcedRecords(text: string, file: string): SourcedRecord[] {
  const records: SourcedRecord[] = [];
  const lines = text.split('\n');
  lines.forEach((text, index) => {
    if (text.trim() === '') return;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      const cut = index === lines.length - 1 ? ' (the last line is cut off)' : '';
      throw new ResultsError('RESULTS_MALFORMED', `${file}:${line}: not a JSON line${cut}`);
    }
    const checked = checkRunRecord(value);
    if (!checked.ok)
      throw new ResultsError(
        'RESULTS_MALFORMED',
        `${file}:${line}: not a run record: ${firstIssue(checked.error)}`,
      );
    records.push({ record: checked.record, file, line });
  });
  return records;
}

/** Parses the text of a runs.jsonl; `file` names it in errors. */
export function parseRunRecords(text: string, file: string): RunRecord[] {
  return parseSourcedRecords(text, file).map((s) => s.record);
}

async function readSourced(dir: string): Promise<SourcedRecord[]> {
  const folder = await stat(dir).catch(() => null);
  if (!folder) throw new ResultsError('RESULTS_MISSING', `${dir}: no such folder`);
  if (!folder.isDirectory()) throw new ResultsError('RESULTS_MISSING', `${dir}: not a folder`);
  const file = join(dir, RUNS_FILE_NAME);
  const text = await readRegularText(file).catch((thrown: NodeJS.ErrnoException) => {
    if (thrown.code === NOT_REGULAR)
      throw new ResultsError('RESULTS_MALFORMED', `${file}: ${NOT_REGULAR_TEXT}`);
    return null;
  });
  if (text === null) throw new ResultsError('RESULTS_MISSING', `${dir}: no runs.jsonl in the folder`);
  return parseSourcedRecords(text, file);
}

/**
 * The run records of one results folder, in the order of its runs.jsonl. A run id twice with
 * different content is an error naming both lines; twice the same, it is read once.
 */
export async function readRunRecords(dir: string): Promise<RunRecord[]> {
  return combineRunRecords([dir]);
}

/**
 * The union of several results folders' records (shards of one checkpoint, or a folder and its
 * resumption), in folder order, then line order. The same run id with the same content is kept once;
 * with different content it is an error naming both places.
 */
export async function combineRunRecords(dirs: readonly string[]): Promise<RunRecord[]> {
  const byId = new Map<string, { sourced: SourcedRecord; json: string }>();
  const records: RunRecord[] = [];
  for (const dir of dirs) {
    for (const sourced of await readSourced(dir)) {
      const json = JSON.stringify(sourced.record);
      const seen = byId.get(sourced.record.id);
      if (seen) {
        if (seen.json === json) continue;
        throw new ResultsError(
          'RESULTS_CONFLICT',
          `run ${sourced.record.id} is recorded twice with different content: ` +
            `${seen.sourced.file}:${seen.sourced.line} and ${sourced.file}:${sourced.line}`,
        );
      }
      byId.set(sourced.record.id, { sourced, json });
      records.push(sourced.record);
    }
  }
  return records;
}
