/**
 * The checkpoint spec: a matrix that decides a default, written as YAML or JSON, or in TypeScript with
 * `defineCheckpoint`. It names the scenarios, the strategies (a name, or a name with setting overrides
 * under a label of its own), the models, windows and runs, and optionally a gate: bounds on the mean
 * of a figure over each cell's runs, which `wisp-eval checkpoint` checks once every run is made.
 */
import { z } from 'zod';

const label = z
  .string()
  .regex(/^[A-Za-z0-9._+@-]+$/, 'a label is letters, digits and . _ + @ - (it names run folders)');

const strategyEntry = z.union([
  z.string().min(1),
  z.strictObject({
    name: z.string().min(1),
    label: label.optional(),
    set: z.record(z.string(), z.unknown()).optional(),
  }),
]);

/**
 * The figures a gate can bound, named as `compare --fail-if` names them: a cell's mean over its
 * measured runs, or for `failed` the number of its runs that failed. `modelCalls` is the old name of
 * `calls`, kept as an alias.
 */
export const GATE_METRICS = [
  'correct',
  'wrong',
  'abstained',
  'delivered',
  'missed',
  'not-delivered',
  'never-entered',
  'alarm',
  'truncated',
  'calls',
  'tokens',
  'condensations',
  'time',
  'failed',
  'modelCalls',
] as const;

const gateRule = z
  .strictObject({
    metric: z.enum(GATE_METRICS),
    min: z.number().optional(),
    max: z.number().optional(),
    scenario: z.string().optional(),
    strategy: z.string().optional(),
  })
  .refine((rule) => rule.min !== undefined || rule.max !== undefined, 'a gate rule needs min or max');

export const checkpointSchema = z.strictObject({
  name: label,
  description: z.string().optional(),
  scenarios: z.array(z.string().min(1)).min(1),
  strategies: z.array(strategyEntry).min(1),
  models: z.array(z.string().min(1)).min(1).default(['reader']),
  windows: z.array(z.number().int().min(256)).min(1),
  runs: z.number().int().min(1).default(1),
  gate: z.array(gateRule).default([]),
});

/** A checkpoint spec as written. */
export type CheckpointSpec = z.input<typeof checkpointSchema>;
/** A checkpoint spec with its defaults filled in. */
export type Checkpoint = z.output<typeof checkpointSchema>;
/** One bound of a gate. */
export type GateRule = Checkpoint['gate'][number];

/** Identity helper that types a checkpoint spec written in TypeScript. */
export function defineCheckpoint(spec: CheckpointSpec): CheckpointSpec {
  return spec;
}
