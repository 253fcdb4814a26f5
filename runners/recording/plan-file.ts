/**
 * What an invocation set out to do, written as plan.json into its results folder before any run
 * starts (the matrix resolves it in runners/matrix/plan.ts): the scenarios (a built-in name, or a file's absolute path), the strategies (a name, with
 * setting overrides and a label when they differ from the name), the models, windows and runs, the
 * model options, and the shard. `--resume DIR` reads it back, so any results folder can be finished
 * whether `run` or `checkpoint` began it, from any working folder.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { RESULTS_FORMAT } from '../../records/requests-file.js';
import { NOT_REGULAR, NOT_REGULAR_TEXT, readRegularText } from '../../records/regular-file.js';
import { UsageError } from '../errors.js';

/** The plan's file in a results folder. */
export const PLAN_FILE = 'plan.json';

const strategyRefSchema = z.strictObject({
  name: z.string().min(1),
  label: z.string().min(1).optional(),
  set: z.record(z.string(), z.unknown()).optional(),
});

const planSchema = z.strictObject({
  version: z.literal(1),
  format: z.number().int(),
  kind: z.enum(['run', 'checkpoint']),
  name: z.string(),
  scenarios: z.array(z.string().min(1)).min(1),
  strategies: z.array(strategyRefSchema).min(1),
  models: z.array(z.string().min(1)).min(1),
  windows: z.array(z.number().int().min(256)).min(1),
  runs: z.number().int().min(1),
  modelOptions: z.strictObject({
    /** Ollama servers: one run at a time on each. */
    hosts: z.array(z.string().min(1)).min(1).optional(),
    baseUrl: z.string().optional(),
    timeout: z.number().positive(),
    settings: z.array(z.string()),
    /** --replay: the results folder every model's answers come from, as an absolute path. */
    replay: z.string().min(1).optional(),
    /** --cache: the answer cache server models answer through, as an absolute path. */
    cache: z.string().min(1).optional(),
  }),
  /** The tools' settings (`--set tools.NAME=VALUE`); absent in plans written before they existed. */
  toolOptions: z.strictObject({ commandTimeout: z.number().positive() }).optional(),
  shard: z.strictObject({ index: z.number().int().min(1), count: z.number().int().min(1) }).nullable(),
  /**
   * The SHA-256 of each scenario file and of the checkpoint spec, by absolute path, as they were when
   * the plan was written; `--resume` refuses to finish the folder when one has changed since.
   * Absent in plans written before they were recorded.
   */
  sources: z.record(z.string(), z.string()).optional(),
  /** A checkpoint's gate, checked once every run is made. */
  gate: z.array(z.record(z.string(), z.unknown())).optional(),
});

/** A strategy as a plan names it. */
export type StrategyRef = z.infer<typeof strategyRefSchema>;
/** plan.json. */
export type PlanFile = z.infer<typeof planSchema>;

/** A new plan, in the current results format. */
export function newPlan(fields: Omit<PlanFile, 'version' | 'format'>): PlanFile {
  return { version: 1, format: RESULTS_FORMAT, ...fields };
}

/** Reads `dir`'s plan.json, refusing a folder without one or with one this version cannot read. */
export async function readPlan(dir: string): Promise<PlanFile> {
  const path = join(dir, PLAN_FILE);
  let text: string;
  try {
    text = await readRegularText(path);
  } catch (thrown) {
    const code = (thrown as NodeJS.ErrnoException).code;
    if (code === NOT_REGULAR || code === 'EISDIR')
      throw new UsageError(`${path}: ${code === 'EISDIR' ? 'a folder' : NOT_REGULAR_TEXT}`);
    throw new UsageError(
      `--resume ${dir}: no ${PLAN_FILE} there: not a results folder, or written before results recorded their plan`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${path}: not JSON`);
  }
  const parsed = planSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`${path}: ${issue?.path.join('.') || 'plan'}: ${issue?.message ?? 'not a plan'}`);
  }
  if (parsed.data.format !== RESULTS_FORMAT)
    throw new UsageError(
      `${path}: results format ${parsed.data.format}; this version writes format ${RESULTS_FORMAT} and cannot add to it`,
    );
  return parsed.data;
}
