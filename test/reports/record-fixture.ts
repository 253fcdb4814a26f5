/** Run records made by hand for the report tests: every field set, the figures under test given. */
import type { ProbeResult, RunRecord, TurnRecord } from '../../records/run-record.js';
import { probeFields } from './probe-fields.js';

export interface RecordShape {
  scenario?: string;
  strategy?: string;
  model?: string;
  window?: number;
  run?: number;
  status?: RunRecord['status'];
  /** Verdicts of the probes, all with an answer unless `neverGiven` names them. */
  correct?: number;
  wrong?: number;
  abstained?: number;
  /** Turns at which the run condensed. */
  condensedAt?: number[];
  calls?: Partial<RunRecord['modelCalls']>;
  /** Per turn, the estimated tokens of each request, and what the runtime reported (null: nothing). */
  turns?: { estimated: number[]; reported?: (number | null)[]; counted?: (number | null)[] }[];
  totalMs?: number;
  /** Probes whose evidence was in view, the outcome cells' counts, and truncated requests. */
  delivered?: number;
  outcomes?: Partial<RunRecord['outcomes']>;
  truncated?: number;
  settings?: Record<string, unknown>;
  error?: RunRecord['error'];
}

function turnRecord(
  turn: number,
  t: NonNullable<RecordShape['turns']>[number],
  condensations: number,
): TurnRecord {
  return {
    turn,
    status: 'completed',
    requests: t.estimated.length,
    estimated: t.estimated,
    reported: t.reported ?? t.estimated.map(() => null),
    counted: t.counted ?? t.estimated.map(() => null),
    newSessions: turn === 1 ? 1 : 0,
    toolCalls: t.estimated.length - 1,
    condensations,
    heldBack: 0,
    referenceBytesSaved: 0,
    cutBytesSaved: 0,
    modelMs: 10 * turn,
    toolMs: 1,
    engineMs: 2,
  };
}

/** A run record with the given figures. */
export function makeRecord(shape: RecordShape = {}): RunRecord {
  const scenario = shape.scenario ?? 'codename';
  const strategy = shape.strategy ?? 'target';
  const model = shape.model ?? 'reader';
  const window = shape.window ?? 8192;
  const run = shape.run ?? 0;
  const probes: ProbeResult[] = [];
  const add = (n: number, verdict: ProbeResult['verdict']) => {
    for (let i = 0; i < n; i++) {
      const id = `${verdict}-${i}`;
      probes.push({
        ...probeFields(verdict, 'answer'),
        id,
        turn: 1,
        question: `${id}?`,
        reply: `reply ${id}`,
      });
    }
  };
  add(shape.correct ?? 0, 'correct');
  add(shape.wrong ?? 0, 'wrong');
  add(shape.abstained ?? 0, 'abstained');
  const condensedAt = shape.condensedAt ?? [];
  const turns = shape.turns ?? [{ estimated: [100] }];
  const gaps = condensedAt.slice(1).map((t, i) => t - (condensedAt[i] ?? 0));
  return {
    version: 1,
    id: `${scenario}.${strategy}.${model}.w${window}.r${run}`,
    scenario,
    strategy,
    model,
    window,
    run,
    settings: shape.settings ?? { 'context.target': 0.6 },
    status: shape.status ?? 'completed',
    error: shape.error ?? null,
    score: {
      correct: shape.correct ?? 0,
      wrong: shape.wrong ?? 0,
      abstained: shape.abstained ?? 0,
      total: probes.length,
    },
    delivered: { inView: shape.delivered ?? 0, total: probes.length },
    outcomes: {
      deliveredCorrect: 0,
      deliveredMissed: 0,
      notDelivered: 0,
      alarm: 0,
      neverEntered: 0,
      ...shape.outcomes,
    },
    evidenceSteps: [],
    probes,
    turns: turns.length,
    condensations: condensedAt.map((turn) => ({
      turn,
      reason: 'budget' as const,
      fillBefore: 7000,
      fillAfter: 4000,
      goal: 4900,
      headroom: 1000,
      floor: false,
      turnsDropped: 2,
    })),
    gaps,
    modelCalls: { turn: 0, distil: 0, summary: 0, assessment: 0, ...shape.calls },
    retries: { overflow: 0, tools: 0 },
    assessment: null,
    toolTokens: { total: 0, perRequest: 0 },
    truncated: shape.truncated ?? 0,
    sessions: { started: 1, new: 0 },
    saved: { references: { count: 0, bytes: 0, tokens: 0 }, cuts: { count: 0, bytes: 0, tokens: 0 } },
    outputsHeldBack: 0,
    timing: { totalMs: shape.totalMs ?? 100, modelMs: 60, engineMs: 30, toolMs: 10 },
    perTurn: turns.map((t, i) => turnRecord(i + 1, t, condensedAt.filter((c) => c === i + 1).length)),
  };
}
