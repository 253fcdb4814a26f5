/**
 * The paraphrase runs: each scenario of the paraphrase file asked once per variant index, every probe
 * in that variant's words, under the strategy its original run used; each set against that original.
 */
import { compareVariants, type VariantOutcome } from '../../reports/paraphrase.js';
import type { RunRecord } from '../../records/run-record.js';
import { VARIANTS, withVariant, type ParaphrasePlan } from './paraphrase-input.js';
import type { SuiteRunner } from './runs.js';
import { InternalError } from '../../engine/index.js';

/** A scenario's original run and the strategy it was made under. */
export interface OriginalRun {
  strategy: string;
  record: RunRecord;
}

/** One scenario's comparisons. */
export interface ParaphraseRun {
  scenario: string;
  strategy: string;
  outcomes: VariantOutcome[];
  /** Runs that failed, by variant index. */
  failed: { variant: number; message: string }[];
}

/**
 * Runs every variant of every plan; `originals` gives, by scenario key, the run in the original words
 * (a plan without one is an error of the caller).
 */
export async function runParaphrases(
  plans: readonly ParaphrasePlan[],
  originals: ReadonlyMap<string, OriginalRun>,
  runner: SuiteRunner,
): Promise<ParaphraseRun[]> {
  const results: ParaphraseRun[] = [];
  for (const plan of plans) {
    const original = originals.get(plan.key);
    if (original === undefined) throw new InternalError(`no original run of ${plan.key}`);
    const records: RunRecord[] = [];
    const failed: ParaphraseRun['failed'] = [];
    for (let variant = 0; variant < VARIANTS; variant++) {
      const scenario = withVariant(plan.loaded.scenario, plan.variants, variant);
      const { record } = await runner.run({ scenario, dir: plan.loaded.dir }, original.strategy);
      if (record.error) failed.push({ variant, message: record.error.message });
      records.push(record);
    }
    results.push({
      scenario: plan.key,
      strategy: original.strategy,
      outcomes: compareVariants(original.record, records, [...plan.variants.keys()]).map((o) => ({
        ...o,
        scenario: plan.key,
      })),
      failed,
    });
  }
  return results;
}
