/**
 * The built-in strategies: named engine settings, looked up through an explicit map. A strategy is
 * a base plus overrides; every run records the name and the resolved settings.
 */
import { UnknownStrategyError } from './errors.js';
import type { EngineSettings } from '../engine/index.js';
import { flattenSettings, resolveSettings, type SettingOverrides } from './setting-names.js';

export interface StrategyDefinition {
  name: string;
  description: string;
  /** Another strategy whose settings this one starts from. */
  base?: string;
  set: SettingOverrides;
}

/** Identity helper that types a strategy definition. */
export function defineStrategy(strategy: StrategyDefinition): StrategyDefinition {
  return strategy;
}

const dropping = defineStrategy({
  name: 'dropping',
  description: 'the phase-2 baseline: condense to the last 4 turns; cuts, references and facts off',
  set: {
    'context.policy': 'condense',
    'context.keepTurns': 4,
    'context.cuts': false,
    'context.references': false,
    'facts.enabled': false,
  },
});

const cutting = defineStrategy({
  name: 'cutting',
  description: 'dropping, and replies that retype a tool output of their turn are sent with the copy cut',
  base: 'dropping',
  set: { 'context.cuts': true },
});

const references = defineStrategy({
  name: 'references',
  description: 'cutting, and each tool output goes as a compact reference from the turn after its own',
  base: 'cutting',
  set: { 'context.references': true },
});

const facts = defineStrategy({
  name: 'facts',
  description:
    'references, and facts kept from tools, from the person and distilled from leaving turns; no summary',
  base: 'references',
  set: { 'facts.enabled': true, 'facts.summary': false },
});

const target = defineStrategy({
  name: 'target',
  description:
    'the whole design: condense to a token target ahead of the window, with cuts, references, facts and the summary',
  set: { 'context.policy': 'target' },
});

const targetMemory = defineStrategy({
  name: 'target+memory',
  description:
    'target, and the memory tool: the model can recall an entry, a turn, the summary or a fact in full',
  base: 'target',
  set: { 'context.memory': true },
});

const targetAssessment = defineStrategy({
  name: 'target+assessment',
  description:
    'target, and the assessment per request: rules, else one guided call; tools per request; the task changes only when restated',
  base: 'target',
  set: { 'assessment.enabled': true, 'assessment.taskChanges': 'restated', 'assessment.tools': 'request' },
});

const targetAssessmentAny = defineStrategy({
  name: 'target+assessment-any',
  description: 'target+assessment, but any request the rules leave to the model may revise the task',
  base: 'target+assessment',
  set: { 'assessment.taskChanges': 'any' },
});

const failfast = defineStrategy({
  name: 'failfast',
  description: 'never condenses: the first overflow fails the turn',
  base: 'dropping',
  set: { 'context.policy': 'failFast' },
});

const masking = defineStrategy({
  name: 'masking',
  description:
    'observation masking ("The Complexity Trap", Lindenbauer et al., NeurIPS 2025 DL4C): the latest ' +
    '10 tool outputs whole, older ones a one-line placeholder; past the budget, trimmed as trim is',
  base: 'dropping',
  set: { 'context.policy': 'mask', 'context.maskKeep': 10 },
});

const summary = defineStrategy({
  name: 'summary',
  description:
    "a whole-history summary (OpenHands' LLM-summarising condenser, inspect_ai's CompactionSummary): " +
    'at the budget, the first turn and the latest 4 stay and one guided call updates a summary of the middle',
  base: 'dropping',
  set: { 'context.policy': 'summarise', 'context.summaryHead': 1, 'context.summaryTail': 4 },
});

const trim = defineStrategy({
  name: 'trim',
  description:
    "inspect_ai's CompactionTrim: at the budget, the oldest whole turns are dropped until the context " +
    'is at 0.7 of the window; nothing distilled, never the latest turn',
  base: 'dropping',
  set: { 'context.policy': 'trim', 'context.trimKeep': 0.7 },
});

/** Built-in strategies by name. */
export const builtinStrategies: ReadonlyMap<string, StrategyDefinition> = new Map(
  [
    dropping,
    cutting,
    references,
    facts,
    target,
    targetMemory,
    targetAssessment,
    targetAssessmentAny,
    failfast,
    masking,
    summary,
    trim,
  ].map((s) => [s.name, s]),
);

export interface ResolvedStrategy {
  name: string;
  settings: EngineSettings;
}

/** Overrides of a strategy, its bases' first. */
function overridesOf(
  name: string,
  registry: ReadonlyMap<string, StrategyDefinition>,
  seen: string[] = [],
): SettingOverrides {
  const strategy = registry.get(name);
  if (!strategy) {
    throw new UnknownStrategyError(
      `unknown strategy "${name}"; known strategies: ${[...registry.keys()].join(', ')}`,
    );
  }
  if (seen.includes(name)) throw new UnknownStrategyError(`strategy "${name}" is its own base`);
  const base = strategy.base ? overridesOf(strategy.base, registry, [...seen, name]) : {};
  return { ...base, ...strategy.set };
}

/** Resolves a strategy by name, with `extra` overrides (`--set`) applied last. */
export function resolveStrategy(
  name: string,
  extra: SettingOverrides = {},
  registry: ReadonlyMap<string, StrategyDefinition> = builtinStrategies,
): ResolvedStrategy {
  const settings = resolveSettings({ ...overridesOf(name, registry), ...extra }, `strategy ${name}`);
  return { name, settings };
}

export { flattenSettings };
