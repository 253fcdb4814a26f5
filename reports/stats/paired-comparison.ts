/**
 * Comparing two sets of runs on the same cells: two results folders (the same cells), or two values
 * of one axis (two strategies, two models or two windows, of one folder or of two). Runs are paired
 * by scenario, the axes not compared and run number; each figure's paired differences
 * (candidate − baseline) get their mean, a 95% interval and the paired permutation test's two-sided
 * p-value, per cell, per scenario and over all pairs.
 */
import { isFailedRun, measuredRuns } from '../../records/failed-runs.js';
import type { RunRecord } from '../../records/run-record.js';
import { cellId, groupByCell, type CellKey } from './cells.js';
import { pairedPermutationTest, type PermutationResult } from './permutation.js';
import { FIGURES, runFigures, type Figure } from './run-figures.js';
import { sampleStatistics, type SampleStatistics } from './sample.js';

/** The axes a comparison can set one value of against another; the scenario is never one. */
export const AXES = ['strategy', 'model', 'window'] as const;
export type Axis = (typeof AXES)[number];

/** One axis and the value each side is taken at: strategies and models by name, windows in tokens. */
export type AxisPair =
  | { axis: 'strategy' | 'model'; baseline: string; candidate: string }
  | { axis: 'window'; baseline: number; candidate: number };

/** Which runs to set against which. */
export interface CompareOptions {
  /**
   * Compare the baseline's runs at one value of an axis with the candidate's runs at another (the
   * same records may be both sides); the other axes must match. Without it, cells are matched whole.
   */
  axis?: AxisPair;
}

/** The value a record has on `axis`. */
export function axisValue(record: Pick<RunRecord, Axis>, axis: Axis): string | number {
  return record[axis];
}

/** One figure over paired runs. */
export interface PairedFigure {
  /** Pairs in which both runs have the figure. */
  pairs: number;
  /** The figure's mean over those pairs, on each side; null with no pairs. */
  baseline: number | null;
  candidate: number | null;
  /** The statistics of the differences, candidate − baseline: `mean`, `sd`, `ciLow`, `ciHigh`. */
  difference: SampleStatistics;
  /** The paired permutation test's two-sided p-value, and whether it was exact. */
  p: PermutationResult['p'];
  method: PermutationResult['method'];
}

/** Paired figures over a set of pairs. */
export interface PairedGroup {
  pairs: number;
  figures: Record<Figure, PairedFigure>;
}

/**
 * A cell present on both sides. `model` and `window` are the baseline's; the candidate's differ only
 * when that axis is the one compared.
 */
export interface ComparedCell extends PairedGroup {
  scenario: string;
  model: string;
  window: number;
  baselineStrategy: string;
  candidateStrategy: string;
  candidateModel: string;
  candidateWindow: number;
  /** Run numbers measured on one side only (or whose partner failed), left out of the pairs. */
  unpaired: { baseline: number[]; candidate: number[] };
  /** Run numbers that failed on each side, left out of the pairs. */
  failed: { baseline: number[]; candidate: number[] };
}

export interface Comparison {
  cells: ComparedCell[];
  /** Every pair of each scenario, over its cells. */
  scenarios: (PairedGroup & { scenario: string })[];
  /** Every pair. */
  overall: PairedGroup;
  /** Cells on one side only (with an axis, those at the chosen values). */
  onlyInBaseline: CellKey[];
  onlyInCandidate: CellKey[];
}

type Pair = [RunRecord, RunRecord];

/** The paired statistics of each figure over `pairs`. */
export function pairedFigures(pairs: readonly Pair[]): PairedGroup {
  const values = pairs.map(([b, c]) => [runFigures(b), runFigures(c)] as const);
  const entries = FIGURES.map((figure): [Figure, PairedFigure] => {
    const both = values
      .map(([b, c]) => [b[figure], c[figure]] as const)
      .filter((x): x is readonly [number, number] => x[0] !== null && x[1] !== null);
    const differences = both.map(([b, c]) => c - b);
    const meanOf = (side: 0 | 1) =>
      both.length === 0 ? null : both.reduce((a, x) => a + x[side], 0) / both.length;
    return [
      figure,
      {
        pairs: both.length,
        baseline: meanOf(0),
        candidate: meanOf(1),
        difference: sampleStatistics(differences),
        ...pairedPermutationTest(differences),
      },
    ];
  });
  return { pairs: pairs.length, figures: Object.fromEntries(entries) as Record<Figure, PairedFigure> };
}

/** Sets `candidate`'s runs against `baseline`'s on the cells both have. */
export function compareRuns(
  baseline: readonly RunRecord[],
  candidate: readonly RunRecord[],
  options: CompareOptions = {},
): Comparison {
  const chosen = options.axis;
  const base = chosen ? baseline.filter((r) => axisValue(r, chosen.axis) === chosen.baseline) : baseline;
  const cand = chosen ? candidate.filter((r) => axisValue(r, chosen.axis) === chosen.candidate) : candidate;
  // The compared axis is what differs between the sides, so it is no part of the match.
  const blank: Record<Axis, Partial<CellKey>> = {
    strategy: { strategy: '' },
    model: { model: '' },
    window: { window: 0 },
  };
  const matchKey = (key: CellKey) => cellId(chosen ? { ...key, ...blank[chosen.axis] } : key);
  const candidateCells = new Map(groupByCell(cand).map((g) => [matchKey(g.key), g] as const));
  const matched = new Set<string>();
  const cells: (ComparedCell & { pairList: Pair[] })[] = [];
  const onlyInBaseline: CellKey[] = [];
  for (const group of groupByCell(base)) {
    const other = candidateCells.get(matchKey(group.key));
    if (!other) {
      onlyInBaseline.push(group.key);
      continue;
    }
    matched.add(matchKey(group.key));
    // A failed run measures nothing: it pairs with no run, and its partner is left unpaired.
    const byRun = new Map(measuredRuns(other.records).map((r) => [r.run, r] as const));
    const pairList: Pair[] = [];
    const unpairedBaseline: number[] = [];
    for (const record of measuredRuns(group.records)) {
      const partner = byRun.get(record.run);
      if (partner) pairList.push([record, partner]);
      else unpairedBaseline.push(record.run);
    }
    const paired = new Set(pairList.map(([b]) => b.run));
    cells.push({
      scenario: group.key.scenario,
      model: group.key.model,
      window: group.key.window,
      baselineStrategy: group.key.strategy,
      candidateStrategy: other.key.strategy,
      candidateModel: other.key.model,
      candidateWindow: other.key.window,
      unpaired: {
        baseline: unpairedBaseline,
        candidate: measuredRuns(other.records)
          .map((r) => r.run)
          .filter((run) => !paired.has(run)),
      },
      failed: {
        baseline: group.records.filter(isFailedRun).map((r) => r.run),
        candidate: other.records.filter(isFailedRun).map((r) => r.run),
      },
      ...pairedFigures(pairList),
      pairList,
    });
  }
  const onlyInCandidate = groupByCell(cand)
    .filter((g) => !matched.has(matchKey(g.key)))
    .map((g) => g.key);
  const scenarios = [...new Set(cells.map((c) => c.scenario))].map((scenario) => ({
    scenario,
    ...pairedFigures(cells.filter((c) => c.scenario === scenario).flatMap((c) => c.pairList)),
  }));
  return {
    cells: cells.map(({ pairList: _pairs, ...cell }) => cell),
    scenarios,
    overall: pairedFigures(cells.flatMap((c) => c.pairList)),
    onlyInBaseline,
    onlyInCandidate,
  };
}
