/**
 * Reading a results folder's runs.jsonl back: every line a run record, checked at this boundary for
 * the fields reports read, and folders combined (shards of one checkpoint) with their duplicates
 * told apart from their conflicts. A bad line is named by file and line number.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ResultsError } from './errors.js';
import type { RunRecord } from './run-record.js';

/** The runs file of a results folder: one run record a line. */
export const RUNS_FILE_NAME = 'runs.jsonl';

const count = z.number().int().nonnegative();
const ms = z.number().nonnegative();

/**
 * The fields of a run record that reports read. Older or newer records may carry more; those pass
 * through untouched, so a record read back is the record written.
 */
const runRecordSchema = z.looseObject({
  version: z.literal(1),
  id: z.string().min(1),
  scenario: z.string(),
  strategy: z.string(),
  model: z.string(),
  window: count,
  run: count,
  settings: z.record(z.string(), z.unknown()),
  status: z.enum(['completed', 'failed']),
  error: z.looseObject({ code: z.string(), message: z.string() }).nullable(),
  score: z.looseObject({ correct: count, wrong: count, abstained: count, total: count }),
  probes: z.array(
    z.looseObject({
      id: z.string(),
      turn: count,
      question: z.string(),
      reply: z.string(),
      verdict: z.enum(['correct', 'wrong', 'abstained']),
      expects: z.enum(['answer', 'abstention']),
    }),
  ),
  turns: count,
  condensations: z.array(
    z.looseObject({
      turn: count,
      fillBefore: z.number(),
      fillAfter: z.number(),
      goal: z.number().nullable(),
    }),
  ),
  gaps: z.array(z.number()),
  modelCalls: z.looseObject({ turn: count, distil: count, summary: count, assessment: count }),
  timing: z.looseObject({ totalMs: ms, modelMs: ms, engineMs: ms, toolMs: ms }),
  perTurn: z.array(
    z.looseObject({
      turn: count,
      requests: count,
      estimated: z.array(z.number()),
      reported: z.array(z.number().nullable()),
      counted: z.array(z.number().nullable()),
      condensations: count,
      newSessions: count,
      toolCalls: count,
      modelMs: ms,
      toolMs: ms,
      engineMs: ms,
    }),
  ),
  /** Absent on a run made live, and on every record written before replays existed. */
  replayed: z.literal(true).optional(),
  replayMismatch: z
    .looseObject({
      call: count.nullable(),
      turn: count.nullable(),
      purpose: z.string().nullable(),
      first: z.string().nullable(),
      diff: z.array(z.string()),
    })
    .optional(),
  cache: z.looseObject({ hits: count, misses: count }).optional(),
});

/** The first problem zod found, as `field: message`. */
function firstIssue(error: z.ZodError): string {
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
    const parsed = runRecordSchema.safeParse(value);
    if (!parsed.success)
      throw new ResultsError(
        'RESULTS_MALFORMED',
        `${file}:${line}: not a run record: ${firstIssue(parsed.error)}`,
      );
    records.push({ record: value as RunRecord, file, line });
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
  const text = await readFile(file, 'utf8').catch(() => null);
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
