/**
 * Paraphrase agreement: a probe asked in other words, in the same conversation, should get the same
 * verdict as in its original wording. These are the pure parts: the verdict a probe is compared by,
 * the comparison of each variant's run with the original's, and the figures over them. Which runs to
 * make is the suite's (scripts/generality/).
 */
import type { ProbeResult, RunRecord } from '../records/run-record.js';

/**
 * What a probe's reply is compared by: the verdict of a probe with an answer (`correct`, `wrong`,
 * `abstained`); for a never-given probe, whether it said it did not know (`abstained`) or answered.
 * `missing` when the run never reached the probe (it failed earlier).
 */
export type VerdictClass = 'correct' | 'wrong' | 'abstained' | 'answered' | 'missing';

/** The class a probe's result is compared by; `missing` when there is none. */
export function verdictClass(probe: ProbeResult | undefined): VerdictClass {
  if (probe === undefined) return 'missing';
  if (probe.expects === 'abstention') return probe.verdict === 'correct' ? 'abstained' : 'answered';
  return probe.verdict;
}

/** One variant of one probe, set against the original wording's verdict. */
export interface VariantOutcome {
  scenario: string;
  probe: string;
  /** Which variant, from 0. */
  variant: number;
  question: string;
  original: VerdictClass;
  verdict: VerdictClass;
  /** The variant got the original's verdict. */
  kept: boolean;
  /** The variant's reply was right (for a never-given probe: it said it did not know). */
  correct: boolean;
  /** The original wording's reply was right. */
  originalCorrect: boolean;
  reply: string;
}

/**
 * Compares each variant run with the run in the original wording, probe by probe. `variants[i]` is
 * the run whose probes were asked in variant i; `probes` names the probes that have variants (others
 * are left out); a probe a run never reached counts as `missing`, which keeps no verdict.
 */
export function compareVariants(
  original: RunRecord,
  variants: readonly RunRecord[],
  probes: readonly string[],
): VariantOutcome[] {
  const byId = (record: RunRecord) => new Map(record.probes.map((p) => [p.id, p]));
  const originals = byId(original);
  return variants.flatMap((record, variant) => {
    const asked = byId(record);
    return probes.map((id): VariantOutcome => {
      const first = originals.get(id);
      const found = asked.get(id);
      const before = verdictClass(first);
      const after = verdictClass(found);
      return {
        scenario: original.scenario,
        probe: id,
        variant,
        question: found?.question ?? '',
        original: before,
        verdict: after,
        kept: after !== 'missing' && after === before,
        correct: found?.verdict === 'correct',
        originalCorrect: first?.verdict === 'correct',
        reply: found?.reply ?? '',
      };
    });
  });
}

/** Agreement over a set of variants. */
export interface AgreementFigures {
  /** Variants asked. */
  variants: number;
  /** Variants whose verdict was their original's. */
  kept: number;
  /** kept / variants, 0 when there are none. */
  share: number;
  /** Variants answered right. */
  correct: number;
}

/** Agreement of one scenario's variants, with the strategy its runs used. */
export interface ScenarioAgreement extends AgreementFigures {
  scenario: string;
  strategy: string;
  /** Probes with variants. */
  probes: number;
  /** Originals answered right, of `probes`. */
  originalsCorrect: number;
}

/** The paraphrase figures: overall, per scenario in the order given, and per variant index. */
export interface ParaphraseFigures extends AgreementFigures {
  originalsCorrect: number;
  probes: number;
  perScenario: ScenarioAgreement[];
  /**
   * By variant index over every scenario: the file gives each probe's variants in a like order (the
   * second is the indirect wording, "I forget ..."), so one index low shows a kind of wording missed.
   */
  perVariant: (AgreementFigures & { variant: number })[];
}

function agreement(outcomes: readonly VariantOutcome[]): AgreementFigures {
  const kept = outcomes.filter((o) => o.kept).length;
  return {
    variants: outcomes.length,
    kept,
    share: outcomes.length === 0 ? 0 : kept / outcomes.length,
    correct: outcomes.filter((o) => o.correct).length,
  };
}

/** The figures of every scenario's comparison: `runs` gives each scenario's outcomes and strategy. */
export function paraphraseFigures(
  runs: readonly { scenario: string; strategy: string; outcomes: readonly VariantOutcome[] }[],
): ParaphraseFigures {
  const perScenario = runs.map(({ scenario, strategy, outcomes }): ScenarioAgreement => {
    const originals = new Map(outcomes.map((o) => [o.probe, o.originalCorrect]));
    return {
      scenario,
      strategy,
      probes: originals.size,
      originalsCorrect: [...originals.values()].filter(Boolean).length,
      ...agreement(outcomes),
    };
  });
  const all = runs.flatMap((r) => r.outcomes);
  const indexes = [...new Set(all.map((o) => o.variant))].sort((a, b) => a - b);
  return {
    ...agreement(all),
    probes: perScenario.reduce((n, s) => n + s.probes, 0),
    originalsCorrect: perScenario.reduce((n, s) => n + s.originalsCorrect, 0),
    perScenario,
    perVariant: indexes.map((variant) => ({
      variant,
      ...agreement(all.filter((o) => o.variant === variant)),
    })),
  };
}

/** A share as a percentage with one decimal: `0.8` is `80.0%`. */
export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** The table's columns. */
export const PARAPHRASE_HEADER = [
  'scenario',
  'strategy',
  'probes',
  'originals-right',
  'variants',
  'kept',
  'share',
  'correct',
];

/** One row per scenario. */
export function paraphraseRow(s: ScenarioAgreement): string[] {
  return [
    s.scenario,
    s.strategy,
    String(s.probes),
    `${s.originalsCorrect}/${s.probes}`,
    String(s.variants),
    String(s.kept),
    percent(s.share),
    `${s.correct}/${s.variants}`,
  ];
}

/** The line that sums it: `paraphrase: 480 of 605 variants (79.3%) keep their original's verdict; 402 correct`. */
export function paraphraseTotals(f: ParaphraseFigures): string {
  return (
    `paraphrase: ${f.kept} of ${f.variants} variants (${percent(f.share)}) keep their original's verdict; ` +
    `${f.correct} of ${f.variants} correct (originals: ${f.originalsCorrect} of ${f.probes} correct)`
  );
}

/** One line per variant index: `variant #1: 40 of 110 kept (36.4%), 38 correct`. */
export function perVariantLines(f: ParaphraseFigures): string[] {
  return f.perVariant.map(
    (v) =>
      `variant #${v.variant}: ${v.kept} of ${v.variants} kept (${percent(v.share)}), ${v.correct} correct`,
  );
}

/** One line per variant that changed its verdict: scenario, probe, variant, the change, the question. */
export function changedLines(outcomes: readonly VariantOutcome[]): string[] {
  return outcomes
    .filter((o) => !o.kept)
    .map(
      (o) =>
        `${o.scenario} ${o.probe} #${o.variant} ${o.original} -> ${o.verdict}: ${JSON.stringify(o.question)}`,
    );
}
