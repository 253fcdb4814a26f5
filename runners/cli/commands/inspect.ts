/**
 * `wisp-eval inspect DIR --run ID [--turn N | --changes]`: the context a run's turn N was composed
 * with, entry by entry under its store id, or what changed at each turn. Colour on a terminal, plain
 * otherwise (and under NO_COLOR).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadRunFiles, readRunRecords, RUNS_FILE_NAME } from '../../../records/read-run-files.js';
import type { RunRecord } from '../../../records/run-record.js';
import { RunContexts } from '../../../reports/inspect/context-at-turn.js';
import { ansiPaint, formatChanges, formatContext, plainPaint } from '../../../reports/inspect/format.js';
import { turnChanges } from '../../../reports/inspect/turn-changes.js';
import { UsageError } from '../../errors.js';
import type { CliIO } from '../io.js';

export interface InspectArgs {
  dir: string;
  /** The run's id; may be left out when the folder holds one run. */
  run?: string;
  turn?: number;
  /** Print each entry's text whole. */
  full: boolean;
}

function pickRun(records: readonly RunRecord[], args: InspectArgs): RunRecord {
  const ids = records.map((r) => r.id);
  const listed = ids.slice(0, 12).join(', ') + (ids.length > 12 ? `, ... (${ids.length} runs)` : '');
  if (args.run === undefined) {
    if (records.length === 1 && records[0] !== undefined) return records[0];
    throw new UsageError(`inspect ${args.dir}: name a run with --run: ${listed}`);
  }
  const record = records.find((r) => r.id === args.run);
  if (record === undefined)
    throw new UsageError(`inspect ${args.dir}: no run ${args.run} there; its runs: ${listed}`);
  return record;
}

export async function inspectCommand(args: InspectArgs, io: CliIO): Promise<number> {
  if (!existsSync(join(args.dir, RUNS_FILE_NAME)))
    throw new UsageError(`inspect ${args.dir}: no ${RUNS_FILE_NAME} there: not a results folder`);
  const record = pickRun(await readRunRecords(args.dir), args);
  if (!existsSync(join(args.dir, 'runs', record.id)))
    throw new UsageError(`inspect ${args.dir}: run ${record.id} has no folder under runs/`);
  const files = await loadRunFiles(args.dir, record);
  const options = { paint: io.colour ? ansiPaint : plainPaint, width: io.columns ?? 100, full: args.full };
  if (args.turn === undefined) {
    for (const line of formatChanges(record.id, turnChanges(files), options)) io.out(line);
    return 0;
  }
  if (!Number.isInteger(args.turn) || args.turn < 1 || args.turn > record.turns)
    throw new UsageError(`--turn ${args.turn}: run ${record.id} has turns 1 to ${record.turns}`);
  for (const line of formatContext(new RunContexts(files).at(args.turn), options)) io.out(line);
  return 0;
}
