/**
 * The run record: one line of runs.jsonl per finished run. The core fields and their names are the
 * design's contract; the rest are the figures this harness adds. Runners write it and reports read
 * it, so it lives apart from both.
 */
import type { CondensationFigures } from '../engine/index.js';

/** A probe's outcome: right, confidently wrong, or an honest "I do not know". */
export type Verdict = 'correct' | 'wrong' | 'abstained';

export interface ProbeResult {
  id: string;
  turn: number;
  question: string;
  reply: string;
  verdict: Verdict;
  /**
   * What the probe expects: an answer, or an abstention for a question whose answer was never given
   * (`expect: { abstain: true }`), where `correct` means the reply said it did not know.
   */
  expects: 'answer' | 'abstention';
}

/** A condensation as the run record keeps it: the engine's figures without the audit event id. */
export type CondensationRecord = Omit<CondensationFigures, 'event'>;

export interface TurnRecord {
  turn: number;
  status: 'completed' | 'failed';
  requests: number;
  /** Per request: the engine's estimate, and the runtime's reported or the model's counted tokens. */
  estimated: number[];
  reported: (number | null)[];
  counted: (number | null)[];
  newSessions: number;
  toolCalls: number;
  condensations: number;
  heldBack: number;
  referenceBytesSaved: number;
  cutBytesSaved: number;
  modelMs: number;
  toolMs: number;
  engineMs: number;
}

export interface RunRecord {
  version: 1;
  id: string;
  scenario: string;
  strategy: string;
  model: string;
  window: number;
  run: number;
  settings: Record<string, unknown>;
  status: 'completed' | 'failed';
  error: { code: string; message: string; turn: number | null } | null;
  score: { correct: number; wrong: number; abstained: number; total: number };
  probes: ProbeResult[];
  turns: number;
  condensations: CondensationRecord[];
  gaps: number[];
  modelCalls: { turn: number; distil: number; summary: number; assessment: number };
  retries: { overflow: number; tools: number };
  /** Model sessions: a new one starts whenever a request does not continue what the last one held. */
  sessions: { started: number; new: number };
  /** What references and cuts took out of later requests. */
  saved: {
    references: { count: number; bytes: number; tokens: number };
    cuts: { count: number; bytes: number; tokens: number };
  };
  /** Tool results shown in part, their whole output kept in the output store. */
  outputsHeldBack: number;
  timing: { totalMs: number; modelMs: number; engineMs: number; toolMs: number };
  perTurn: TurnRecord[];
}

/** Turns between consecutive condensations. */
export function gapsBetween(turns: readonly number[]): number[] {
  const gaps: number[] = [];
  for (let i = 1; i < turns.length; i++) gaps.push((turns[i] ?? 0) - (turns[i - 1] ?? 0));
  return gaps;
}
