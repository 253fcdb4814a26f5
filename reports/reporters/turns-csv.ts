/**
 * turns.csv: one row per turn of every run. A turn's fill is told two ways: the condensation's own
 * measure when the turn condensed (`fill-before`, `fill-after`, `goal`: the context, prompt and
 * headroom the policy weighed, before and after), and for every turn the engine's estimate of its
 * first and its largest request, the largest also as a share of the window.
 */
import { stringify } from 'csv-stringify/sync';
import { join } from 'node:path';
import type { RunRecord } from '../../records/run-record.js';
import { csvNumber } from '../number-format.js';
import type { ReportContext, ReportFile, Reporter } from './reporter.js';

export const TURNS_CSV_COLUMNS = [
  'id',
  'scenario',
  'strategy',
  'model',
  'window',
  'run',
  'turn',
  'status',
  'condensations',
  'fill-before',
  'fill-after',
  'goal',
  'first-request',
  'largest-request',
  'largest-share',
  'calls',
  'tool-calls',
  'tokens',
  'tokens-reported',
  'new-sessions',
  'model-ms',
  'engine-ms',
  'tool-ms',
];

function rowsOf(record: RunRecord): string[][] {
  return record.perTurn.map((turn) => {
    const condensed = record.condensations.filter((c) => c.turn === turn.turn);
    const first = condensed[0];
    const last = condensed.at(-1);
    const largest = turn.estimated.length === 0 ? null : Math.max(...turn.estimated);
    const reported = turn.estimated.map((_, i) => turn.reported[i] ?? turn.counted[i] ?? null);
    const reportedSum = reported.every((x) => x !== null)
      ? reported.reduce((a: number, b) => a + (b ?? 0), 0)
      : null;
    return [
      record.id,
      record.scenario,
      record.strategy,
      record.model,
      String(record.window),
      String(record.run),
      String(turn.turn),
      turn.status,
      String(turn.condensations),
      csvNumber(first?.fillBefore ?? null),
      csvNumber(last?.fillAfter ?? null),
      csvNumber(last?.goal ?? null),
      csvNumber(turn.estimated[0] ?? null),
      csvNumber(largest),
      csvNumber(largest === null ? null : largest / record.window),
      String(turn.requests),
      String(turn.toolCalls),
      csvNumber(turn.estimated.reduce((a, b) => a + b, 0)),
      csvNumber(reportedSum),
      String(turn.newSessions),
      csvNumber(turn.modelMs, 2),
      csvNumber(turn.engineMs, 2),
      csvNumber(turn.toolMs, 2),
    ];
  });
}

/** The text of turns.csv. */
export function turnsCsv(records: readonly RunRecord[]): string {
  return stringify([TURNS_CSV_COLUMNS, ...records.flatMap(rowsOf)]);
}

export function turnsCsvReporter(): Reporter {
  return {
    name: 'turns-csv',
    finish: (records: readonly RunRecord[], { dir }: ReportContext): ReportFile[] => [
      { path: join(dir, 'turns.csv'), content: turnsCsv(records), mode: 'replace' },
    ],
  };
}
