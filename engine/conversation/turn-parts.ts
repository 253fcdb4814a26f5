/**
 * The parts a turn runs through, wired together: the output views, the tool runner and the tool loop
 * over it, the condenser, and the overflow recovery around the loop. The conversation owns the state
 * they share (its window, the composition, whether a turn is being retried for its tools) and lends
 * it through `host`.
 */
import type { Assessor } from '../assess/assessment.js';
import type { AuditRecorder } from '../audit/recorder.js';
import { Condenser } from '../condense/condenser.js';
import { OverflowRecovery } from '../condense/overflow-recovery.js';
import type { ContextPolicy } from '../condense/policy.js';
import type { FactsLayer } from '../facts/facts-layer.js';
import type { Meter } from '../measure/meter.js';
import type { ModelCaller } from '../model/model-calls.js';
import type { Overflow } from '../model/recognise-overflow.js';
import type { ModelRequest } from '../model/port.js';
import { OutputViews } from '../output/output-views.js';
import type { Entry } from '../store/entry.js';
import type { ContextStore } from '../store/store.js';
import type { Tool } from '../tools/tool.js';
import { ToolLoop } from '../tools/tool-loop.js';
import { ToolRunner } from '../tools/tool-runner.js';
import type { ConversationOptions } from './options.js';
import type { CondensationFigures } from '../measure/figures.js';
import type { MiddleSummary } from '../condense/middle-summary.js';

/** What the conversation has made before the parts. */
export interface Shared {
  options: ConversationOptions;
  policy: ContextPolicy;
  audit: AuditRecorder;
  caller: ModelCaller;
  meter: Meter;
  store: ContextStore;
  facts: FactsLayer | null;
  summary: MiddleSummary | null;
  assessor: Assessor | null;
  tools: ReadonlyMap<string, Tool>;
  condensations: CondensationFigures[];
}

/** The conversation's state that the parts read or change as they run. */
export interface Host {
  window(): number | null;
  toolBudget(): number;
  composeSent(turn: number): ModelRequest;
  composeRequest(entries?: readonly Entry[], turn?: number): ModelRequest;
  squeeze(turn: number, kept: readonly Entry[]): boolean;
  learnWindow(overflow: Overflow): void;
  retryingTools(): boolean;
}

export interface TurnParts {
  views: OutputViews;
  runner: ToolRunner;
  condenser: Condenser;
  recovery: OverflowRecovery;
}

export function turnParts(shared: Shared, host: Host): TurnParts {
  const { options, policy, audit, caller, meter, store, facts, assessor, tools } = shared;
  const { clock, ids, settings } = options;
  const views = new OutputViews({
    store,
    audit,
    settings: settings.context,
    readOnly: (tool) => tools.get(tool)?.readOnly ?? false,
  });
  const runner = new ToolRunner({
    tools,
    audit,
    store,
    clock,
    memory: settings.context.memory,
    budget: () => host.toolBudget(),
    ...(options.outputStore ? { outputStore: options.outputStore } : {}),
  });
  const loop = new ToolLoop({
    caller,
    meter,
    store,
    audit,
    runner,
    clock,
    ids,
    maxSteps: options.maxSteps ?? 16,
    // Under the mask policy, every request is preceded by masking what its newest outputs push out.
    compose: (turn) => {
      views.maskOlder(turn);
      return host.composeSent(turn);
    },
    ...(assessor
      ? {
          registration: {
            registers: (tool: string) => assessor.registers(tool),
            retrying: () => host.retryingTools(),
          },
        }
      : {}),
  });
  const condenser = new Condenser({
    settings: settings.context,
    policy,
    store,
    audit,
    meter,
    facts,
    summary: shared.summary,
    window: () => host.window(),
    compose: (list, at) => host.composeRequest(list, at),
    referenceEarlier: (at, tally) => views.referenceEarlier(at, tally),
    squeeze: (at, kept) => host.squeeze(at, kept),
    ...(options.saveTranscript ? { saveTranscript: options.saveTranscript } : {}),
    condensations: shared.condensations,
    sessions: caller.sessions,
  });
  const recovery = new OverflowRecovery({
    policy,
    store,
    audit,
    meter,
    caller,
    loop,
    condenser,
    window: () => host.window(),
    learnWindow: (overflow) => host.learnWindow(overflow),
    compose: () => host.composeRequest(),
  });
  return { views, runner, condenser, recovery };
}
