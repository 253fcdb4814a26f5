/**
 * The scenario format: a scripted conversation with scored probes. TypeScript scenarios use
 * `defineScenario` for types; `.json` and `.yaml` files are checked against the same zod schema.
 */
import { z } from 'zod';

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A probe's expectation: case-insensitive substrings, or `/regex/flags`. */
export const expectationSchema = z.strictObject({
  any: z.array(z.string().min(1)).min(1),
  none: z.array(z.string().min(1)).default([]),
});

const scriptedToolCallSchema = z.strictObject({
  tool: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

/** What the scripted model replies to a step; ignored by every other model. */
const scriptSchema = z.strictObject({
  reply: z.string().optional(),
  toolCalls: z.array(scriptedToolCallSchema).optional(),
});

const sayStep = z.strictObject({ say: z.string().min(1), script: scriptSchema.optional() });
const askStep = z.strictObject({
  ask: z.string().min(1),
  id: z.string().regex(kebab, 'a probe id is kebab-case'),
  expect: expectationSchema,
  script: scriptSchema.optional(),
});
const commandStep = z.strictObject({ command: z.string().min(1), script: scriptSchema.optional() });
const factStep = z.strictObject({
  fact: z.strictObject({ subject: z.string().min(1), name: z.string().min(1), value: z.string().min(1) }),
  script: scriptSchema.optional(),
});
const taskStep = z.strictObject({ task: z.string().min(1), script: scriptSchema.optional() });

export const stepSchema = z.union([sayStep, askStep, commandStep, factStep, taskStep]);

export const commandResultSchema = z.strictObject({
  exitCode: z.number().int(),
  stdout: z.string().default(''),
  stderr: z.string().default(''),
});

export const scenarioSchema = z.strictObject({
  name: z.string().regex(kebab, 'a scenario name is kebab-case'),
  description: z.string().min(1),
  instructions: z.string().optional(),
  workspace: z.string().min(1).optional(),
  commands: z.record(z.string(), commandResultSchema).optional(),
  steps: z.array(stepSchema).min(1),
});

export type Expectation = z.infer<typeof expectationSchema>;
export type Step = z.infer<typeof stepSchema>;
export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;

/** Identity helper: gives a scenario module its types and fills the schema's defaults. */
export function defineScenario(scenario: ScenarioInput): Scenario {
  return scenarioSchema.parse(scenario);
}
