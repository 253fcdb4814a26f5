/**
 * The measured part of a run's record: turns, condensations, model calls, retries, tokens, sessions,
 * savings, timing and which model ran what. A pure function of the run's conversations (their turns,
 * condensations and counters), its model calls and how long it took.
 */
import type { Conversation, ModelPort } from '../../engine/index.js';
import { gapsBetween, type AssessmentRecord, type RunRecord } from '../../records/run-record.js';
import type { CallRecord } from '../../records/run-outcome.js';
import { isServerModel } from '../models/server-model.js';
import { callTiming } from './call-timing.js';
import { stretchesOf, type OpenStretch } from './model-stretches.js';
import { round, savedBy, toolTokensOf, turnRecord } from './turn-metrics.js';

/** What the metrics read of one conversation. */
export type ConversationFigures = Pick<
  Conversation,
  'turns' | 'condensations' | 'sessionsStarted' | 'distilCalls' | 'summaryCalls' | 'assessment'
>;

/** The fields of a run record that the metrics fill. */
export type RunMetrics = Pick<
  RunRecord,
  | 'turns'
  | 'condensations'
  | 'gaps'
  | 'modelCalls'
  | 'retries'
  | 'assessment'
  | 'toolTokens'
  | 'truncated'
  | 'sessions'
  | 'saved'
  | 'outputsHeldBack'
  | 'timing'
  | 'perTurn'
  | 'models'
  | 'backend'
>;

/** What a run leaves to be measured. */
export interface MeasuredRun {
  /** Its conversations in order: a resume starts a new one. */
  conversations: readonly ConversationFigures[];
  /** Every model call it made. */
  requests: readonly CallRecord[];
  /** The models it went on with, from its start and each switch step. */
  stretches: readonly OpenStretch[];
  /** The model it opened first, or null when opening it failed. */
  opened: ModelPort | null;
  /** How long it took from start to end, in milliseconds. */
  totalMs: number;
}

/** The assessment's figures over every conversation of the run, or null when it was off. */
export function assessmentOf(conversations: readonly ConversationFigures[]): AssessmentRecord | null {
  const all = conversations.map((c) => c.assessment).filter((a) => a !== null);
  if (all.length === 0) return null;
  const sum = (pick: (a: (typeof all)[number]) => number) => all.reduce((n, a) => n + pick(a), 0);
  return {
    assessed: sum((a) => a.assessed),
    rulesSettled: sum((a) => a.rulesSettled),
    calls: sum((a) => a.calls),
    callMs: round(sum((a) => a.callMs)),
    fallbacks: sum((a) => a.fallbacks),
    misses: sum((a) => a.misses),
    taskChanges: sum((a) => a.taskChanges),
  };
}

/** Measures a run. */
export function measureRun(run: MeasuredRun): RunMetrics {
  const { conversations, requests } = run;
  const turns = conversations.flatMap((c) => c.turns);
  const condensations = conversations.flatMap((c) => c.condensations);
  const sessionsStarted = conversations.reduce((n, c) => n + c.sessionsStarted, 0);
  const modelMs = turns.reduce((n, t) => n + t.modelMs, 0);
  const engineMs = turns.reduce((n, t) => n + t.engineMs, 0);
  const toolMs = turns.reduce((n, t) => n + t.toolMs, 0);
  const assessment = assessmentOf(conversations);
  const calls = callTiming(requests);
  const models = stretchesOf(run.stretches, turns);
  return {
    turns: turns.length,
    condensations: condensations.map(({ event: _event, ...c }) => c),
    gaps: gapsBetween(condensations.map((c) => c.turn)),
    modelCalls: {
      turn: turns.reduce((n, t) => n + t.requests.length, 0),
      distil: conversations.reduce((n, c) => n + c.distilCalls, 0),
      summary: conversations.reduce((n, c) => n + c.summaryCalls, 0),
      assessment: assessment?.calls ?? 0,
    },
    retries: {
      overflow: turns.reduce((n, t) => n + t.overflowRetries, 0),
      tools: turns.reduce((n, t) => n + t.toolRetries, 0),
    },
    assessment,
    toolTokens: toolTokensOf(turns),
    truncated: requests.filter((call) => call.truncated).length,
    sessions: {
      started: sessionsStarted,
      new: Math.max(0, sessionsStarted - 1),
    },
    saved: savedBy(turns),
    outputsHeldBack: turns.reduce((n, t) => n + t.heldBack, 0),
    timing: {
      totalMs: round(run.totalMs),
      modelMs: round(modelMs),
      engineMs: round(engineMs),
      toolMs: round(toolMs),
      ...(calls ? { calls } : {}),
    },
    perTurn: turns.map(turnRecord),
    ...(models ? { models } : {}),
    ...(run.opened && isServerModel(run.opened) ? { backend: run.opened.backendRecord() } : {}),
  };
}
