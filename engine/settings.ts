/**
 * The engine's settings, in three groups. Strategies set them by dotted name
 * (`context.budget`); the defaults are the engine's own.
 */

export type ContextPolicyName = 'target' | 'condense' | 'failFast' | 'mask' | 'summarise' | 'trim';

export interface EngineSettings {
  context: {
    policy: ContextPolicyName;
    /** Turns kept by the `condense` policy. */
    keepTurns: number;
    /** Share of the window at which a request is due a condensation. */
    budget: number;
    /** Share of the window a condensation aims for (capped at budget - targetMargin). */
    target: number;
    targetMargin: number;
    /** Turns averaged for the headroom the next turn needs. */
    headroomTurns: number;
    cuts: boolean;
    references: boolean;
    memory: boolean;
    /** Days after its last use a conversation's kept outputs are swept, when a later one starts; 0 never. */
    outputDays: number;
    /**
     * The baselines' own settings, present only under a policy that reads them (withPolicyDefaults):
     * tool outputs the `mask` policy keeps whole; turns the `summarise` policy keeps at the start and
     * at the end; the share of the window `trim` (and `mask`, past its budget) brings the context to.
     */
    maskKeep?: number;
    summaryHead?: number;
    summaryTail?: number;
    trimKeep?: number;
  };
  facts: {
    enabled: boolean;
    distil: boolean;
    summary: boolean;
    summaryWithFacts: boolean;
    share: number;
    summaryShare: number;
    summaryBatchTurns: number;
    /** Subject kinds added to or changed from the shipped ones, by subject. */
    kinds: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  };
  assessment: {
    enabled: boolean;
    taskChanges: 'restated' | 'any';
    tools: 'request' | 'task' | 'all';
  };
}

/** The defaults: every layer on, memory and the assessment off. */
export function defaultSettings(): EngineSettings {
  return {
    context: {
      policy: 'target',
      keepTurns: 4,
      budget: 0.85,
      target: 0.6,
      targetMargin: 0.2,
      headroomTurns: 8,
      cuts: true,
      references: true,
      memory: false,
      outputDays: 30,
    },
    facts: {
      enabled: true,
      distil: true,
      summary: true,
      summaryWithFacts: true,
      share: 0.1,
      summaryShare: 0.05,
      summaryBatchTurns: 3,
      kinds: {},
    },
    assessment: { enabled: false, taskChanges: 'restated', tools: 'request' },
  };
}

/** The baselines' settings and their defaults, by the policy that reads them. */
export const POLICY_SETTINGS = {
  mask: { maskKeep: 10, trimKeep: 0.7 },
  summarise: { summaryHead: 1, summaryTail: 4 },
  trim: { trimKeep: 0.7 },
} as const satisfies Partial<Record<ContextPolicyName, Partial<EngineSettings['context']>>>;

type BaselineSettings = Required<
  Pick<EngineSettings['context'], 'maskKeep' | 'summaryHead' | 'summaryTail' | 'trimKeep'>
>;

/**
 * `settings` with the settings its policy reads filled in where unset, so a run records the values
 * it ran with. A policy's own settings are kept out of every other policy's settings: a conversation
 * under `target` records exactly what it did before the baselines existed.
 */
export function withPolicyDefaults(settings: EngineSettings): EngineSettings {
  const policy = settings.context.policy;
  const defaults: Partial<BaselineSettings> =
    policy === 'mask' || policy === 'summarise' || policy === 'trim' ? POLICY_SETTINGS[policy] : {};
  const context = { ...settings.context };
  for (const [name, value] of Object.entries(defaults) as [keyof BaselineSettings, number][]) {
    context[name] ??= value;
  }
  return { ...settings, context };
}

/** A baseline setting as its policy reads it: the value set, else its default. */
export function baselineSetting(settings: EngineSettings['context'], name: keyof BaselineSettings): number {
  const all: BaselineSettings = { ...POLICY_SETTINGS.mask, ...POLICY_SETTINGS.summarise };
  return settings[name] ?? all[name];
}
