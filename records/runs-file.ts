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

/** Which of two records of one run that differ only in timings to keep: the first folder's or the last's. */
export type Prefer = 'first' | 'last';

/** A record's JSON with its wall times left out: `timing` and every field ending in `Ms`. */
function withoutTimings(record: RunRecord): string {
  return JSON.stringify(record, (key, value: unknown) =>
    key === 'timing' || key.endsWith('Ms') ? undefined : value,
  );
}

/**
 * The union of several results folders' records (shards of one checkpoint, or a folder and its
 * resumption), in folder order, then line order. The same run id with the same content is kept once.
 * With content that differs only in timings, `prefer` picks the first folder's or the last's (without
 * it, an error says to give it); with any other difference it is an error naming both places.
 */
export async function combineRunRecords(dirs: readonly string[], prefer?: Prefer): Promise<RunRecord[]> {
  const byId = new Map<string, { sourced: SourcedRecord; json: string; at: number }>();
  const records: RunRecord[] = [];
  for (const dir of dirs) {
    for (const sourced of await readSourced(dir)) {
      const json = JSON.stringify(sourced.record);
      const seen = byId.get(sourced.record.id);
      if (seen) {
        if (seen.json === json) continue;
        const places = `${seen.sourced.file}:${seen.sourced.line} and ${sourced.file}:${sourced.line}`;
        const timingsOnly = withoutTimings(seen.sourced.record) === withoutTimings(sourced.record);
        if (timingsOnly && prefer === 'first') continue;
        if (timingsOnly && prefer === 'last') {
          records[seen.at] = sourced.record;
          byId.set(sourced.record.id, { sourced, json, at: seen.at });
          continue;
        }
        throw new ResultsError(
          'RESULTS_CONFLICT',
          timingsOnly
            ? `run ${sourced.record.id} is recorded twice, differing only in its timings: ${places}; give --prefer first or --prefer last`
            : `run ${sourced.record.id} is recorded twice with different content: ${places}`,
        );
      }
      byId.set(sourced.record.id, { sourced, json, at: records.length });
      records.push(sourced.record);
    }
  }
  return records;
}
