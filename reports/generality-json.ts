/**
 * The one JSON object `npm run generality -- --json` prints: the generality and built-in totals, the
 * paraphrase agreement and the read-request figures, for other tools to compare runs of the suite.
 * A part left out by an option, or without its data, is null.
 */
import { z } from 'zod';
import type { GeneralityFigures } from './generality-table.js';

const count = z.number().int().min(0);

/** The totals of one set of runs. */
export const setTotalsSchema = z.strictObject({
  strategy: z.string(),
  scenarios: count,
  correct: count,
  wrong: count,
  abstained: count,
  answerable: count,
  neverGiven: z.strictObject({ abstained: count, total: count }),
  failedRuns: count,
});

const agreement = {
  variants: count,
  kept: count,
  share: z.number().min(0).max(1),
  correct: count,
  probes: count,
  originalsCorrect: count,
};

/** The whole object. */
export const generalityJsonSchema = z.strictObject({
  version: z.literal(1),
  model: z.string(),
  window: z.number().int(),
  generality: setTotalsSchema.nullable(),
  /** Scenario files of the generality folder that did not load, with why. */
  unloaded: z.array(z.strictObject({ file: z.string(), message: z.string() })),
  builtin: setTotalsSchema,
  builtinDropping: setTotalsSchema,
  paraphrase: z
    .strictObject({
      ...agreement,
      perScenario: z.array(z.strictObject({ scenario: z.string(), strategy: z.string(), ...agreement })),
      perVariant: z.array(
        z.strictObject({
          variant: count,
          variants: count,
          kept: count,
          share: agreement.share,
          correct: count,
        }),
      ),
      /** Scenario keys of the file left out, with why (their scenario is not available). */
      unavailable: z.array(z.strictObject({ key: z.string(), reason: z.string(), probes: count })),
    })
    .nullable(),
  readRequests: z
    .strictObject({
      shapes: z.array(z.string()),
      readTrue: z.strictObject({ total: count, opened: count, perShape: z.record(z.string(), count) }),
      readFalse: z.strictObject({
        total: count,
        opened: count,
        openedUnread: count,
        perShape: z.record(z.string(), z.strictObject({ read: count, unread: count })),
      }),
      failures: z.array(
        z.strictObject({
          text: z.string(),
          read: z.boolean(),
          context: z.enum(['unread', 'read']),
          shapes: z.array(z.string()),
        }),
      ),
      contextNotReady: count,
    })
    .nullable(),
});

/** The JSON object the suite prints. */
export type GeneralityJson = z.infer<typeof generalityJsonSchema>;
/** The totals of one set of runs. */
export type SetTotals = z.infer<typeof setTotalsSchema>;

/** The totals of a set of runs under one strategy. */
export function setTotals(strategy: string, figures: readonly GeneralityFigures[]): SetTotals {
  const sum = (pick: (f: GeneralityFigures) => number) => figures.reduce((n, f) => n + pick(f), 0);
  const neverGiven = figures.flatMap((f) => f.neverGiven);
  return {
    strategy,
    scenarios: figures.length,
    correct: sum((f) => f.answerable.correct),
    wrong: sum((f) => f.answerable.wrong),
    abstained: sum((f) => f.answerable.abstained),
    answerable: sum((f) => f.answerable.total),
    neverGiven: {
      abstained: neverGiven.filter((p) => p.outcome === 'abstained').length,
      total: neverGiven.length,
    },
    failedRuns: figures.filter((f) => f.status === 'failed').length,
  };
}
