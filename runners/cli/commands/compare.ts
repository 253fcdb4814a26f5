/**
 * `wisp-eval compare BASELINE [CANDIDATE]`: the paired comparison of two results folders on their
 * common cells, or of two strategies (`--baseline-strategy`, `--candidate-strategy`) in one folder
 * or two; `--fail-if` thresholds make a crossing exit 1, so CI can gate on a checkpoint.
 */
import { readRunRecords } from '../../../records/runs-file.js';
import { comparisonLines } from '../../../reports/compare-table.js';
import { compareRuns, type CompareOptions } from '../../../reports/stats/paired-comparison.js';
import { parseThreshold, thresholdBreaches } from '../../../reports/stats/thresholds.js';
import { UsageError } from '../../errors.js';
import type { CliIO } from '../io.js';

export interface CompareArgs {
  baseline: string;
  /** The candidate folder; the baseline folder itself when only strategies are compared. */
  candidate?: string;
  baselineStrategy?: string;
  candidateStrategy?: string;
  failIf: string[];
  json: boolean;
}

export async function compareCommand(args: CompareArgs, io: CliIO): Promise<number> {
  const thresholds = args.failIf.map(parseThreshold);
  const { baselineStrategy, candidateStrategy } = args;
  if ((baselineStrategy === undefined) !== (candidateStrategy === undefined))
    throw new UsageError('compare: give both --baseline-strategy and --candidate-strategy, or neither');
  if (args.candidate === undefined && baselineStrategy === undefined)
    throw new UsageError(
      'compare: name two results folders, or one with --baseline-strategy and --candidate-strategy',
    );
  const candidateDir = args.candidate ?? args.baseline;
  const baseline = await readRunRecords(args.baseline);
  const candidate = candidateDir === args.baseline ? baseline : await readRunRecords(candidateDir);
  const options: CompareOptions =
    baselineStrategy !== undefined && candidateStrategy !== undefined
      ? { strategies: { baseline: baselineStrategy, candidate: candidateStrategy } }
      : {};
  for (const [side, dir, records, strategy] of [
    ['baseline', args.baseline, baseline, baselineStrategy],
    ['candidate', candidateDir, candidate, candidateStrategy],
  ] as const) {
    if (strategy !== undefined && !records.some((r) => r.strategy === strategy)) {
      const known = [...new Set(records.map((r) => r.strategy))].join(', ');
      throw new UsageError(
        `--${side}-strategy ${strategy}: no runs of it in ${dir} (it has ${known || 'no runs'})`,
      );
    }
  }
  const comparison = compareRuns(baseline, candidate, options);
  if (comparison.cells.length === 0)
    throw new UsageError(`compare: ${args.baseline} and ${candidateDir} have no cell in common to compare`);
  const breaches = thresholdBreaches(comparison, thresholds);
  if (args.json)
    io.out(
      JSON.stringify({
        version: 1,
        baseline: args.baseline,
        candidate: candidateDir,
        ...comparison,
        breaches,
      }),
    );
  else for (const line of comparisonLines(comparison, breaches)) io.out(line);
  return breaches.length > 0 ? 1 : 0;
}
