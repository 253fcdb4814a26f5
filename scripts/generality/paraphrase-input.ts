/**
 * The paraphrase file (`questions.yaml`): per scenario and probe, the question as the scenario asks
 * it and five other wordings of it. This module reads it, matches each entry against the loaded
 * scenario (the probe must exist and ask exactly the original), and makes the scenario asked in one
 * variant's words. A mismatch is an error naming the file and the probe, never a silent skip: a
 * variant compared with a question that has since changed measures nothing.
 */
import { parse } from 'yaml';
import { z } from 'zod';
import { ParaphraseError } from '../errors.js';
import type { LoadedScenario } from '../../scenarios/load.js';
import type { Scenario } from '../../scenarios/schema.js';

/** How many other wordings each question has. */
export const VARIANTS = 5;

/** questions.yaml, as checked. */
export const paraphraseFileSchema = z.strictObject({
  version: z.literal(1),
  questions: z
    .array(
      z.strictObject({
        scenario: z.string().min(1),
        probe: z.string().min(1),
        original: z.string().min(1),
        variants: z.array(z.string().min(1)).length(VARIANTS),
      }),
    )
    .min(1),
});

/** One entry of questions.yaml. */
export type ParaphraseEntry = z.infer<typeof paraphraseFileSchema>['questions'][number];

// The paraphrase file cannot be used: unreadable, malformed, or out of step with a scenario.
export { ParaphraseError };

/** Parses and checks the text of a paraphrase file; `file` names it in the error. */
export function parseParaphraseFile(text: string, file: string): ParaphraseEntry[] {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (thrown) {
    throw new ParaphraseError(`${file}: not YAML: ${(thrown as Error).message.split('\n')[0]}`);
  }
  const result = paraphraseFileSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new ParaphraseError(`${file}: ${where === '' ? '' : `${where}: `}${issue?.message ?? 'invalid'}`);
  }
  return result.data.questions;
}

/**
 * What a scenario key of the file (`codename`, `generality/ci-image`) stands for: the loaded scenario;
 * a string saying why it is not available in this invocation (its folder is missing, it did not load);
 * undefined for a key that names no scenario at all.
 */
export type ScenarioLookup = (key: string) => LoadedScenario | string | undefined;

/** One scenario to ask in other words: its probes' variants, by probe id, in the file's order. */
export interface ParaphrasePlan {
  key: string;
  loaded: LoadedScenario;
  variants: Map<string, readonly string[]>;
}

/** The plans, and the scenario keys left out because their scenario is not available, with why. */
export interface ParaphraseMatch {
  plans: ParaphrasePlan[];
  unavailable: { key: string; reason: string; probes: number }[];
}

/**
 * Matches the entries against the scenarios. Throws one {@link ParaphraseError} listing every
 * problem, one line each: a key that names no scenario, a probe the scenario lacks, an original that
 * is not the probe's question, an entry given twice.
 */
export function matchParaphrases(
  entries: readonly ParaphraseEntry[],
  lookup: ScenarioLookup,
  file: string,
): ParaphraseMatch {
  const problems: string[] = [];
  const plans = new Map<string, ParaphrasePlan>();
  const unavailable = new Map<string, { key: string; reason: string; probes: number }>();
  for (const entry of entries) {
    const where = `${file}: scenario ${entry.scenario}, probe ${entry.probe}`;
    const found = lookup(entry.scenario);
    if (found === undefined) {
      problems.push(`${where}: no scenario '${entry.scenario}'`);
      continue;
    }
    if (typeof found === 'string') {
      const left = unavailable.get(entry.scenario) ?? { key: entry.scenario, reason: found, probes: 0 };
      left.probes += 1;
      unavailable.set(entry.scenario, left);
      continue;
    }
    const step = found.scenario.steps.find((s) => 'ask' in s && s.id === entry.probe);
    if (step === undefined || !('ask' in step)) {
      problems.push(`${where}: the scenario has no probe '${entry.probe}'`);
      continue;
    }
    if (step.ask !== entry.original) {
      problems.push(
        `${where}: the original ${JSON.stringify(entry.original)} is not the scenario's question ${JSON.stringify(step.ask)}`,
      );
      continue;
    }
    const plan = plans.get(entry.scenario) ?? { key: entry.scenario, loaded: found, variants: new Map() };
    if (plan.variants.has(entry.probe)) {
      problems.push(`${where}: given more than once`);
      continue;
    }
    plan.variants.set(entry.probe, entry.variants);
    plans.set(entry.scenario, plan);
  }
  if (problems.length > 0) throw new ParaphraseError(problems.join('\n'));
  return { plans: [...plans.values()], unavailable: [...unavailable.values()] };
}

/**
 * The scenario with every probe that has variants asked in variant `index` instead; everything else
 * (the conversation, each probe's expectation) is the same.
 */
export function withVariant(
  scenario: Scenario,
  variants: ReadonlyMap<string, readonly string[]>,
  index: number,
): Scenario {
  return {
    ...scenario,
    steps: scenario.steps.map((step) => {
      if (!('ask' in step)) return step;
      const wording = variants.get(step.id)?.[index];
      return wording === undefined ? step : { ...step, ask: wording };
    }),
  };
}
