/**
 * The scenario format: a scripted conversation with scored probes. TypeScript scenarios use
 * `defineScenario` for types; `.json` and `.yaml` files are checked against the same zod schema.
 */
import { z } from 'zod';

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A probe that expects an answer: case-insensitive substrings, or `/regex/flags`. */
export const answerExpectationSchema = z.strictObject({
  any: z.array(z.string().min(1)).min(1),
  none: z.array(z.string().min(1)).default([]),
  /** What shows the answer in the request, when its wording differs from the reply's (`any`). */
  evidence: z.array(z.string().min(1)).min(1).optional(),
});

/** A probe whose answer was never given: the right reply says it does not know. */
export const abstainExpectationSchema = z.strictObject({ abstain: z.literal(true) });

/**
 * A probe's expectation: an answer (`any`, `none`), or `abstain: true` for a question whose answer the
 * conversation and its workspace never give. The two forms do not mix.
 */
export const expectationSchema = z.union([answerExpectationSchema, abstainExpectationSchema]);

/** The channels a request can show evidence through (the run record's `EvidenceChannel`). */
export const evidenceChannels = [
  'instructions',
  'facts',
  'summary',
  'now',
  'prompt',
  'tool',
  'reference',
  'held-back',
  'memory',
  'reply',
] as const;

/**
 * An evidence check on a step: its patterns (as `any`) are looked for in every turn request from the
 * step on; `through` names the channels it is expected to stay in.
 */
export const evidenceStepSchema = z.strictObject({
  id: z.string().regex(kebab, 'an evidence id is kebab-case'),
  any: z.array(z.string().min(1)).min(1),
  through: z.array(z.enum(evidenceChannels)).min(1).optional(),
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

const sayStep = z.strictObject({
  say: z.string().min(1),
  script: scriptSchema.optional(),
  evidence: evidenceStepSchema.optional(),
});
const askStep = z.strictObject({
  ask: z.string().min(1),
  id: z.string().regex(kebab, 'a probe id is kebab-case'),
  expect: expectationSchema,
  script: scriptSchema.optional(),
  evidence: evidenceStepSchema.optional(),
});
const commandStep = z.strictObject({
  command: z.string().min(1),
  script: scriptSchema.optional(),
  evidence: evidenceStepSchema.optional(),
});
const factStep = z.strictObject({
  fact: z.strictObject({ subject: z.string().min(1), name: z.string().min(1), value: z.string().min(1) }),
  script: scriptSchema.optional(),
  evidence: evidenceStepSchema.optional(),
});
const taskStep = z.strictObject({
  task: z.string().min(1),
  script: scriptSchema.optional(),
  evidence: evidenceStepSchema.optional(),
});
/** Saves the transcript and the store's sidecar under a name, as the person's /save does. */
const saveStep = z.strictObject({
  save: z.string().regex(kebab, 'a saved transcript name is kebab-case'),
  evidence: evidenceStepSchema.optional(),
});
/** Ends the conversation and goes on in a new one resumed from a transcript saved earlier. */
const resumeStep = z.strictObject({
  resume: z.string().regex(kebab, 'a saved transcript name is kebab-case'),
  evidence: evidenceStepSchema.optional(),
});

/**
 * Goes on with another model, as the person's /model does: the conversation and its store stay, the
 * model, its session and the window change. The window is the run's when the step gives none. Which
 * names a run knows is the runner's to check, before anything runs.
 */
const modelStep = z.strictObject({
  model: z.string().min(1),
  window: z.number().int().min(256).optional(),
  evidence: evidenceStepSchema.optional(),
});

/**
 * One step of a scenario: a person's prompt, a probe, a command, a fact, a task, a save, a resume or
 * a model switch.
 */
export const stepSchema = z.union([
  sayStep,
  askStep,
  commandStep,
  factStep,
  taskStep,
  saveStep,
  resumeStep,
  modelStep,
]);

/** The step kinds: each step has exactly one of these keys, which names what it is. */
export const stepKinds = ['say', 'ask', 'command', 'fact', 'task', 'save', 'resume', 'model'] as const;

/** A step's kind, e.g. `ask` for a probe. */
export type StepKind = (typeof stepKinds)[number];

/** Each step kind's own schema, so that an error can be reported against the step's kind. */
export const stepSchemasByKind = {
  say: sayStep,
  ask: askStep,
  command: commandStep,
  fact: factStep,
  task: taskStep,
  save: saveStep,
  resume: resumeStep,
  model: modelStep,
} as const satisfies Record<StepKind, z.ZodType>;

/** A scripted command's result, used instead of running the command. */
export const commandResultSchema = z.strictObject({
  exitCode: z.number().int(),
  stdout: z.string().default(''),
  stderr: z.string().default(''),
});

/** A whole scenario, as a TypeScript module, `.json` file or `.yaml` file gives it. */
export const scenarioSchema = z.strictObject({
  name: z.string().regex(kebab, 'a scenario name is kebab-case'),
  description: z.string().min(1),
  instructions: z.string().optional(),
  workspace: z.string().min(1).optional(),
  commands: z.record(z.string(), commandResultSchema).optional(),
  steps: z.array(stepSchema).min(1),
});

/** A probe's expectation, with defaults filled. */
export type Expectation = z.infer<typeof expectationSchema>;
/** An expectation of an answer, with defaults filled. */
export type AnswerExpectation = z.infer<typeof answerExpectationSchema>;

/** Whether a probe expects "I do not know": its answer was never given. */
export function expectsAbstention(expect: Expectation): expect is { abstain: true } {
  return 'abstain' in expect;
}

/** An evidence check on a step, with defaults filled. */
export type EvidenceStep = z.infer<typeof evidenceStepSchema>;

/** The patterns that show a probe's answer in a request: `evidence`, else `any`; none for an abstention. */
export function evidencePatterns(expect: Expectation): readonly string[] {
  return expectsAbstention(expect) ? [] : (expect.evidence ?? expect.any);
}

/** The patterns a reply must match to be right: `any` of an answer, none for an abstention. */
export function answerPatterns(expect: Expectation): readonly string[] {
  return expectsAbstention(expect) ? [] : expect.any;
}
/** One step, with defaults filled. */
export type Step = z.infer<typeof stepSchema>;
/** A step the person types: everything but commands, saves, resumes and model switches. */
export type PromptStep = Exclude<
  Step,
  { command: string } | { save: string } | { resume: string } | { model: string }
>;
/** A model switch step. */
export type ModelStep = Extract<Step, { model: string }>;
/** One step as written, before defaults are filled. */
export type StepInput = z.input<typeof stepSchema>;
/** A validated scenario, with defaults filled. */
export type Scenario = z.infer<typeof scenarioSchema>;
/** A scenario as written, before defaults are filled. */
export type ScenarioInput = z.input<typeof scenarioSchema>;

/** Identity helper: gives a scenario module its types and fills the schema's defaults. */
export function defineScenario(scenario: ScenarioInput): Scenario {
  return scenarioSchema.parse(scenario);
}
