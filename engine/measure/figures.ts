/** Per-turn and per-request figures an evaluation reports. Times are milliseconds. */

export interface RequestFigures {
  session: string;
  /** True when the request started a new model session. */
  fresh: boolean;
  /** The engine's estimate at four bytes a token. */
  estimated: number;
  /** The runtime's reported prompt tokens, or the model's count; null when neither is known. */
  reported: number | null;
  counted: number | null;
  /** The engine's estimate of the tool definitions the request registers. */
  toolTokens: number;
}

export interface CondensationFigures {
  turn: number;
  reason: 'budget' | 'overflow';
  fillBefore: number;
  fillAfter: number;
  goal: number | null;
  headroom: number;
  floor: boolean;
  /** The note to the person when the condensation ended at the floor, above its goal. */
  note?: string;
  turnsDropped: number;
  event: string;
}

export interface TurnFigures {
  turn: number;
  prompt: string;
  reply: string | null;
  status: 'completed' | 'failed';
  error: { code: string; message: string } | null;
  requests: RequestFigures[];
  toolCalls: number;
  overflowRetries: number;
  /** Retries after a call to a tool the request did not register (the assessment's misses). */
  toolRetries: number;
  condensations: number;
  modelMs: number;
  toolMs: number;
  engineMs: number;
  /** What references and cuts took out of later requests, in bytes, and how many of each. */
  saved: { referenceBytes: number; references: number; cutBytes: number; cuts: number };
  /** Tool results whose whole output went to the output store. */
  heldBack: number;
}
