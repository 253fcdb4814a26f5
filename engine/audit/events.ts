/**
 * Typed audit events. The audit log is the verbatim record of a conversation: every prompt,
 * response, tool call and result, and every change the engine makes to what the model is sent.
 * Each event has an id from the Ids port and a time from the Clock port.
 */

interface EventBase {
  id: string;
  /** ISO time from the Clock port. */
  at: string;
  /** The person turn this event belongs to; 0 before the first. */
  turn: number;
}

/** What one sweep did, as session.start records it. */
export interface OutputSweep {
  days: number;
  /** Folders old enough to go, the current one never among them. */
  due: number;
  removed: string[];
  files: number;
  bytes: number;
  /** Due folders left for a later start: the bound was reached. */
  left: number;
  /** Why it stopped: every due folder removed, or a bound reached. */
  stopped: 'done' | 'sessions' | 'time';
  /** Set when listing or a removal failed; the sweep stops there and the conversation goes on. */
  error?: string;
}

export interface SessionStartEvent extends EventBase {
  type: 'session.start';
  model: string;
  window: number | null;
  settings: Record<string, unknown>;
  /** For a resumed conversation: the transcript's name, and the sessions its entries came from. */
  resumed?: string;
  carriedFrom?: string[];
  /** What sweeping the output store by age did as this conversation started. */
  outputSweep?: OutputSweep;
}

/** A conversation resumed from a saved transcript and its sidecar, with its store rebuilt. */
export interface ResumeEvent extends EventBase {
  type: 'context.resume';
  name: string;
  entries: number;
  dropped: number;
  facts: number;
  summaries: number;
}

export interface PromptEvent extends EventBase {
  type: 'prompt';
  entry: number;
  text: string;
  /** A command the person ran (after `!`) rather than a prompt they typed. */
  command?: boolean;
}

export interface ResponseEvent extends EventBase {
  type: 'response';
  session: string;
  entry: number | null;
  text: string;
  toolCalls: number;
  usage: { promptTokens: number; completionTokens: number } | null;
  /**
   * Set when the runtime reported clearly fewer prompt tokens than the request takes, for a request
   * above the window: it dropped the front silently (engine/model/truncation.ts).
   */
  truncated?: true;
  durationMs: number;
}

export interface ToolCallEvent extends EventBase {
  type: 'tool.call';
  entry: number;
  callId: string;
  tool: string;
  arguments: Record<string, unknown>;
}

export interface ToolResultEvent extends EventBase {
  type: 'tool.result';
  entry: number;
  callId: string;
  tool: string;
  ok: boolean;
  content: string;
  bytes: number;
  /** Set when the same tool and arguments were already called this turn. */
  repeat?: boolean;
  durationMs: number;
}

export interface CondensationStep {
  step: 'references' | 'drop' | 'floor' | 'keepTurns';
  /** Estimated fill in tokens after the step. */
  fill: number;
  turnsDropped?: number;
  referenced?: number;
  /** For the floor step: whether squeezing the earlier block made it smaller. */
  squeezed?: boolean;
}

export interface CondensationEvent extends EventBase {
  type: 'context.condensation';
  reason: 'budget' | 'overflow';
  policy: string;
  goal: number | null;
  fillBefore: number;
  fillAfter: number;
  headroom: number;
  floor: boolean;
  turnsDropped: number;
  turnsKept: number;
  droppedEntries: number[];
  steps: CondensationStep[];
  /** Set when the condensation ended at the floor above its goal: what the person is told. */
  note?: string;
  savedBefore?: string;
  savedAfter?: string;
}

export interface OverflowEvent extends EventBase {
  type: 'context.overflow';
  session: string;
  limit: number | null;
  count: number | null;
  message: string;
  retried: boolean;
}

export interface ReferenceEvent extends EventBase {
  type: 'context.reference';
  entry: number;
  tool: string;
  /** The tool.result event that recorded the output. */
  result: string;
  bytesSaved: number;
  tokensSaved: number;
}

export interface CutEvent extends EventBase {
  type: 'context.cut';
  /** The reply entry, and the output entry its stretch reproduced. */
  reply: number;
  output: number;
  tool: string;
  bytes: number;
  tokens: number;
  coverage: number;
}

export interface OutputKeptEvent extends EventBase {
  type: 'output.kept';
  callId: string;
  tool: string;
  output: string;
  bytes: number;
  lines: number;
  sha256: string;
  truncated: boolean;
}

export interface FactEvent extends EventBase {
  type:
    | 'fact.recorded'
    | 'fact.superseded'
    | 'fact.deleted'
    | 'fact.scope.changed'
    | 'fact.conflict.raised'
    | 'fact.conflict.resolved';
  /** The change as the fact store reported it. */
  change: Record<string, unknown>;
}

export interface DistillationEvent extends EventBase {
  type: 'context.distillation';
  turns: number[];
  ok: boolean;
  facts: string[];
  error: string | null;
  durationMs: number;
}

export interface SummaryEvent extends EventBase {
  type: 'context.summary';
  turns: number[];
  ok: boolean;
  /** Written in the same call as the facts. */
  combined: boolean;
  version: number | null;
  words: number;
  error: string | null;
  durationMs: number;
}

export interface MemoryEvent extends EventBase {
  type: 'context.memory';
  action: 'recall' | 'summarise' | 'condense' | 'note' | 'task';
  target: string;
  ok: boolean;
  detail: string;
  /** For a recall of entries: where their content was read, the audit or the store's copy. */
  from?: 'audit' | 'store' | 'audit and store';
}

/**
 * The assessment of a request: how it was settled (by the rules, the model's call, the fallback after
 * a failed call, or the retry after a call to a tool the request did not register), the tools
 * registered, the task before and after, and the facts chosen as relevant. None of it enters the context.
 */
export interface AssessmentEvent extends EventBase {
  type: 'context.assessment';
  method: 'rules' | 'model' | 'fallback' | 'retry';
  tools: string[];
  taskBefore: string | null;
  taskAfter: string | null;
  /** Whether the task could change with this request. */
  taskFixed: boolean;
  facts: string[];
  intent: string | null;
  error: string | null;
  durationMs: number;
}

/**
 * The conversation went on with another model (the reference's /model): over the same store, on a
 * new model session, with the window and the tool-output budget of the new model. `turn` is the last
 * turn the old model ran.
 */
export interface ModelSwitchEvent extends EventBase {
  type: 'model.switch';
  from: string;
  to: string;
  /** The window in tokens before and after, null while unknown. */
  windowBefore: number | null;
  windowAfter: number | null;
  /** The tool-output budget in bytes before and after: an eighth of the window, within 4 and 64 KiB. */
  budgetBefore: number;
  budgetAfter: number;
}

export interface TurnEndEvent extends EventBase {
  type: 'turn.end';
  status: 'completed' | 'failed';
  error: string | null;
}

export type AuditEvent =
  | SessionStartEvent
  | PromptEvent
  | ResponseEvent
  | ToolCallEvent
  | ToolResultEvent
  | CondensationEvent
  | OverflowEvent
  | ReferenceEvent
  | CutEvent
  | OutputKeptEvent
  | FactEvent
  | DistillationEvent
  | SummaryEvent
  | MemoryEvent
  | ResumeEvent
  | AssessmentEvent
  | ModelSwitchEvent
  | TurnEndEvent;

export type AuditEventType = AuditEvent['type'];

/** An event as the engine hands it to the recorder, before the id and time are stamped. */
export type UnstampedEvent = AuditEvent extends infer E
  ? E extends AuditEvent
    ? Omit<E, 'id' | 'at'>
    : never
  : never;
