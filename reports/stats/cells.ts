/**
 * Run records grouped into cells, one per (scenario, strategy, model, window), and each cell's
 * statistics over its runs. The strategy is the label the record carries, so a checkpoint's
 * `target-0.5` is a cell of its own beside `target`.
 */
import { isFailedRun, measuredRuns } from '../../records/failed-runs.js';
import type { RunRecord } from '../../records/run-record.js';
import { FIGURES, runFigures, type Figure } from './run-figures.js';
import { sampleStatistics, type SampleStatistics } from './sample.js';

/** What names a cell. */
export interface CellKey {
  scenario: string;
  strategy: string;
  model: string;
  window: number;
}

/** A cell's statistics: its runs, how many failed, and every figure over its runs. */
export interface CellSummary extends CellKey {
  runs: number;
  /**
   * Runs that failed (could not be carried out, or did not replay as recorded): left out of every
   * figure. A run the engine ended early is measured and counts.
   */
  failed: number;
  figures: Record<Figure, SampleStatistics>;
}

/** A string that names a cell, for maps. */
export function cellId(key: CellKey): string {
  return JSON.stringify([key.scenario, key.strategy, key.model, key.window]);
}

/** The cell a record belongs to. */
export function cellOf(record: RunRecord): CellKey {
  return { scenario: record.scenario, strategy: record.strategy, model: record.model, window: record.window };
}

/** Records by scenario, strategy and model (by name), then window and run number. */
export function byCell(a: RunRecord, b: RunRecord): number {
  return (
    a.scenario.localeCompare(b.scenario) ||
    a.strategy.localeCompare(b.strategy) ||
    a.model.localeCompare(b.model) ||
    a.window - b.window ||
    a.run - b.run
  );
}

/**
 * Records grouped by cell, in `byCell`'s order: cells and the runs in each come out the same whatever
 * order the runs finished or the folders were read in.
 */
export function groupByCell(records: readonly RunRecord[]): { key: CellKey; records: RunRecord[] }[] {
  const groups = new Map<string, { key: CellKey; records: RunRecord[] }>();
  for (const record of [...records].sort(byCell)) {
    const key = cellOf(record);
    const id = cellId(key);
    const group = groups.get(id) ?? { key, records: [] };
    group.records.push(record);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** The statistics of each figure over `records`; a figure a run lacks (null) leaves that run out. */
export function figureStatistics(records: readonly RunRecord[]): Record<Figure, SampleStatistics> {
  const values = records.map(runFigures);
  const entries = FIGURES.map((figure) => {
    const sample = values.map((v) => v[figure]).filter((x): x is number => x !== null);
    return [figure, sampleStatistics(sample)] as const;
  });
  return Object.fromEntries(entries) as Record<Figure, SampleStatistics>;
}

/** One summary per cell, in `byCell`'s order. */
export function summariseCells(records: readonly RunRecord[]): CellSummary[] {
  return groupByCell(records).map(({ key, records: runs }) => ({
    ...key,
    runs: runs.length,
    failed: runs.filter(isFailedRun).length,
    figures: figureStatistics(measuredRuns(runs)),
  }));
}
