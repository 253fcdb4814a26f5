/**
 * `wisp-eval compare BASELINE [CANDIDATE]`: the paired comparison of two results folders on their
 * common cells, or of two values of one axis in one folder or two: two strategies
 * (`--baseline-strategy`, `--candidate-strategy`), two models (`--baseline-model`, ...) or two windows
 * (`--baseline-window`, ...), the other axes matching. `--fail-if` thresholds make a crossing exit 1,
 * so CI can gate on a checkpoint.
 */
import { readRunRecords } from '../../../records/runs-file.js';
import type { RunRecord } from '../../../records/run-record.js';
import { breachLines, comparisonLines } from '../../../reports/compare-table.js';
import {
  AXES,
  axisValue,
  compareRuns,
  type Axis,
  type AxisPair,
} from '../../../reports/stats/paired-comparison.js';
import { parseThreshold, thresholdBreaches } from '../../../reports/stats/thresholds.js';
import { UsageError } from '../../errors.js';
import type { CliIO } from '../io.js';

export interface CompareArgs {
  baseline: string;
  /** The candidate folder; the baseline folder itself when one axis is compared within it. */
  candidate?: string;
  baselineStrategy?: string;
  candidateStrategy?: string;
  baselineModel?: string;
  candidateModel?: string;
  baselineWindow?: number;
  candidateWindow?: number;
  failIf: string[];
  json: boolean;
}

export async function compareCommand(args: CompareArgs, io: CliIO): Promise<number> {
  const thresholds = args.failIf.map(parseThreshold);
  const pair = axisPair(args);
  if (args.candidate === undefined && pair === undefined)
    throw new UsageError(
      'compare: name two results folders, or one with --baseline-AXIS and --candidate-AXIS (AXIS: strategy, model or window)',
    );
  const candidateDir = args.candidate ?? args.baseline;
  const baseline = await readRunRecords(args.baseline);
  const candidate = candidateDir === args.baseline ? baseline : await readRunRecords(candidateDir);
  if (pair !== undefined) {
    for (const [side, dir, records, value] of [
      ['baseline', args.baseline, baseline, pair.baseline],
      ['candidate', candidateDir, candidate, pair.candidate],
    ] as const) {
      if (records.some((r) => axisValue(r, pair.axis) === value)) continue;
      const known = [...new Set(records.map((r) => axisValue(r, pair.axis)))]
        .sort((a, b) =>
          typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
        )
        .join(', ');
      throw new UsageError(
        `--${side}-${pair.axis} ${value}: no runs of it in ${dir} (it has ${known || 'no runs'})`,
      );
    }
  }
  const options = pair === undefined ? {} : { axis: pair };
  const comparison = compareRuns(baseline, candidate, options);
  if (comparison.cells.length === 0)
    throw new UsageError(`compare: ${args.baseline} and ${candidateDir} have no cell in common to compare`);
  const breaches = thresholdBreaches(comparison, thresholds);
  const identities = identityChanges(baseline, candidate);
  if (args.json) {
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
    // stdout holds the JSON alone; each breach is also one line on stderr, where a person looks.
    for (const line of breachLines(breaches)) io.err(`wisp-eval: ${line}`);
  } else {
    for (const line of comparisonLines(comparison, breaches)) io.out(line);
    for (const change of identities) io.out(identityLine(change));
  }
  return breaches.length > 0 ? 1 : 0;
}

/** The axis the two sides differ on, from the `--baseline-AXIS`/`--candidate-AXIS` flags given. */
function axisPair(args: CompareArgs): AxisPair | undefined {
  const given: Record<Axis, [unknown, unknown]> = {
    strategy: [args.baselineStrategy, args.candidateStrategy],
    model: [args.baselineModel, args.candidateModel],
    window: [args.baselineWindow, args.candidateWindow],
  };
  const named = AXES.filter((axis) => given[axis].some((v) => v !== undefined));
  if (named.length > 1)
    throw new UsageError(
      `compare: one axis at a time; --baseline-${named[0]}/--candidate-${named[0]} and --baseline-${named[1]}/--candidate-${named[1]} were both given (the other axes must match)`,
    );
  const axis = named[0];
  if (axis === undefined) return undefined;
  const [b, c] = given[axis];
  if (b === undefined || c === undefined)
    throw new UsageError(`compare: give both --baseline-${axis} and --candidate-${axis}, or neither`);
  if (axis === 'window') return { axis, baseline: Number(b), candidate: Number(c) };
  return { axis, baseline: String(b), candidate: String(c) };
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
