/**
 * The engine's settings, in three groups. Strategies set them by dotted name
 * (`context.budget`); the defaults are the engine's own.
 */

export type ContextPolicyName = 'target' | 'condense' | 'failFast';

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
