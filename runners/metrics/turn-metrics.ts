/**
 * Figures over a run's turns: each turn's record, the tool-definition tokens, the bytes references and
 * cuts saved. Pure functions of the engine's turn figures.
 */
import { tokensForBytes, type TurnFigures } from '../../engine/index.js';
import type { RunRecord, TurnRecord } from '../../records/run-record.js';

/** Milliseconds to two decimals, as records keep them. */
export function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/** One turn's record. */
export function turnRecord(figures: TurnFigures): TurnRecord {
  return {
    turn: figures.turn,
    status: figures.status,
    requests: figures.requests.length,
    estimated: figures.requests.map((r) => r.estimated),
    reported: figures.requests.map((r) => r.reported),
    counted: figures.requests.map((r) => r.counted),
    newSessions: figures.requests.filter((r) => r.fresh).length,
    toolCalls: figures.toolCalls,
    condensations: figures.condensations,
    heldBack: figures.heldBack,
    referenceBytesSaved: figures.saved.referenceBytes,
    cutBytesSaved: figures.saved.cutBytes,
    modelMs: round(figures.modelMs),
    toolMs: round(figures.toolMs),
    engineMs: round(figures.engineMs),
  };
}

/** Tool-definition tokens over every turn request, and their mean per request. */
export function toolTokensOf(turns: readonly TurnFigures[]): RunRecord['toolTokens'] {
  const requests = turns.flatMap((t) => t.requests);
  const total = requests.reduce((n, r) => n + r.toolTokens, 0);
  return { total, perRequest: requests.length === 0 ? 0 : round(total / requests.length) };
}

/** Bytes and estimated tokens that references and cuts took out of what later requests carried. */
export function savedBy(turns: readonly TurnFigures[]): RunRecord['saved'] {
  const sum = (pick: (t: TurnFigures) => number) => turns.reduce((n, t) => n + pick(t), 0);
  const referenceBytes = sum((t) => t.saved.referenceBytes);
  const cutBytes = sum((t) => t.saved.cutBytes);
  return {
    references: {
      count: sum((t) => t.saved.references),
      bytes: referenceBytes,
      tokens: tokensForBytes(referenceBytes),
    },
    cuts: { count: sum((t) => t.saved.cuts), bytes: cutBytes, tokens: tokensForBytes(cutBytes) },
  };
}
