/**
 * `wisp-eval compare BASELINE [CANDIDATE]`: the paired comparison of two results folders on their
 * common cells, or of two strategies (`--baseline-strategy`, `--candidate-strategy`) in one folder
 * or two; `--fail-if` thresholds make a crossing exit 1, so CI can gate on a checkpoint.
 */
import { readRunRecords } from '../../../records/runs-file.js';
import type { RunRecord } from '../../../records/run-record.js';
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
  const identities = identityChanges(baseline, candidate);
  if (args.json)
    io.out(
      JSON.stringify({
        version: 1,
        baseline: args.baseline,
        candidate: candidateDir,
        ...comparison,
        breaches,
        identities,
      }),
    );
  else {
    for (const line of comparisonLines(comparison, breaches)) io.out(line);
    for (const change of identities) io.out(identityLine(change));
  }
  return breaches.length > 0 ? 1 : 0;
}

/** A model whose identity (its server's digest or fingerprint) differs between the two sides. */
export interface IdentityChange {
  model: string;
  baseline: string[];
  candidate: string[];
}

/** Each model's identities in `records`: the digests its server gave, by model name. */
function identitiesOf(records: readonly RunRecord[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const record of records) {
    const stretches = record.models ?? [{ model: record.model, backend: record.backend }];
    for (const stretch of stretches) {
      const digest = stretch.backend?.digest;
      if (digest === undefined || digest === null) continue;
      const known = out.get(stretch.model) ?? new Set<string>();
      known.add(digest);
      out.set(stretch.model, known);
    }
  }
  return out;
}

/**
 * The models both sides ran under one name but whose servers gave different digests: "the same"
 * model, another build of it (pulled again, requantised), so a difference may be the model's.
 */
export function identityChanges(
  baseline: readonly RunRecord[],
  candidate: readonly RunRecord[],
): IdentityChange[] {
  const [before, after] = [identitiesOf(baseline), identitiesOf(candidate)];
  const changes: IdentityChange[] = [];
  for (const [model, digests] of before) {
    const now = after.get(model);
    if (now === undefined) continue;
    const same = digests.size === now.size && [...digests].every((d) => now.has(d));
    if (!same) changes.push({ model, baseline: [...digests].sort(), candidate: [...now].sort() });
  }
  return changes;
}

function identityLine(change: IdentityChange): string {
  return `note: ${change.model} is not the same model on both sides: digest ${change.baseline.join(', ')} in the baseline, ${change.candidate.join(', ')} in the candidate`;
}
