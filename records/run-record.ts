/**
 * The run record: one line of runs.jsonl per finished run. The core fields and their names are the
 * design's contract; the rest are the figures this harness adds. Runners write it and reports read
 * it, so it lives apart from both.
 */
import type { AssessmentFigures, CondensationFigures } from '../engine/index.js';

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
  /** Whether the evidence for the answer was in the request that carried the question. */
  evidence: ProbeEvidence;
  /** The verdict set against the evidence: which of the four cells the probe lands in. */
  outcome: ProbeOutcome;
}

/**
 * Where a request can show a piece of evidence: the instructions (system message), the earlier facts
 * block's facts, the running summary at its end, the now block, a person's prompt, a tool output
 * whole, its reference, a tool output shown in part around a held-back marker, a memory recall
 * result, or one of the model's own replies (its text and its tool calls' arguments).
 */
export type EvidenceChannel =
  | 'instructions'
  | 'facts'
  | 'summary'
  | 'now'
  | 'prompt'
  | 'tool'
  | 'reference'
  | 'held-back'
  | 'memory'
  | 'reply';

/**
 * A probe's evidence in the turn requests of its turn (each carries its question, which is left
 * out): the first, and those after each tool result the model asked for. `inView`: one of them shows
 * a pattern of `expect.evidence` (or of `any` without it); `atQuestion`: the first does, before any
 * tool call; `channels`: through which channels, in the order seen; `staleInView`: one shows a `none`
 * pattern. A never-given probe has nothing to look for: all false, no channels, outcome `never-given`.
 */
export interface ProbeEvidence {
  inView: boolean;
  atQuestion: boolean;
  channels: EvidenceChannel[];
  staleInView: boolean;
}

/**
 * A probe's cell: evidence delivered and the reply right (`delivered-correct`) or not
 * (`delivered-missed`, the model's miss); evidence not delivered and the reply abstained or wrong
 * (`not-delivered`, the engine's loss) or right (`not-delivered-correct`: the honesty alarm, a leak
 * or a guess). A never-given probe is in none of them.
 */
export type ProbeOutcome =
  'delivered-correct' | 'delivered-missed' | 'not-delivered' | 'not-delivered-correct' | 'never-given';

/** How many probes with an answer landed in each cell; `alarm` counts `not-delivered-correct`. */
export interface OutcomeCells {
  deliveredCorrect: number;
  deliveredMissed: number;
  notDelivered: number;
  alarm: number;
}

/**
 * An evidence step: a check declared on a step, made on every turn request from that step on.
 * `leftAt` is the turn of the first request that did not show it (null: it never left); `channels`
 * every channel it was shown through, in the order first seen; `lastChannels` those of the last
 * request checked. `through` (when the step lists channels) holds when it never left the view and
 * the last request checked still showed it through one of them.
 */
export interface EvidenceStepResult {
  id: string;
  /** The step that declares it, from 1. */
  step: number;
  /** Turn requests checked. */
  checked: number;
  leftAt: number | null;
  channels: EvidenceChannel[];
  lastChannels: EvidenceChannel[];
  through: { expected: EvidenceChannel[]; held: boolean } | null;
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

/** What the assessment per request did over a run: its figures summed over the run's conversations. */
export type AssessmentRecord = AssessmentFigures;

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
  /** Probes with an answer whose evidence was in view, of the probes with an answer. */
  delivered: { inView: number; total: number };
  outcomes: OutcomeCells;
  evidenceSteps: EvidenceStepResult[];
  probes: ProbeResult[];
  turns: number;
  condensations: CondensationRecord[];
  gaps: number[];
  modelCalls: { turn: number; distil: number; summary: number; assessment: number };
  /** Overflow retries, and retries after a call to a tool the request did not register. */
  retries: { overflow: number; tools: number };
  /** The assessment per request; null when it is off. */
  assessment: AssessmentRecord | null;
  /** The engine's estimate of the tool definitions sent, over every turn request and per request. */
  toolTokens: { total: number; perRequest: number };
  /**
   * Model calls whose runtime dropped the front of the request silently: it reported clearly fewer
   * prompt tokens than the request takes, for a request above the window. The model never saw the
   * start of these requests; each is marked `truncated` in requests.jsonl and on its response event.
   */
  truncated: number;
  /** Model sessions: a new one starts whenever a request does not continue what the last one held. */
  sessions: { started: number; new: number };
  /** What references and cuts took out of later requests. */
  saved: {
    references: { count: number; bytes: number; tokens: number };
    cuts: { count: number; bytes: number; tokens: number };
  };
  /** Tool results shown in part, their whole output kept in the output store. */
  outputsHeldBack: number;
  timing: {
    totalMs: number;
    modelMs: number;
    engineMs: number;
    toolMs: number;
    /** For a runtime that reports its own durations: the time per call in it and around it. */
    calls?: CallTiming;
  };
  perTurn: TurnRecord[];
  /**
   * Which models ran which turns, in order: the run's own model, then one per switch step that ran.
   * Present only in a run that switched models.
   */
  models?: ModelStretch[];
  /** For a model behind a server (`ollama:`, `openai:`): which server, which model, with what. */
  backend?: BackendRecord;
  /**
   * Present on a run replayed from a recording (`--replay`): its answers came from there, and no
   * time was spent in a model.
   */
  replayed?: true;
  /** For a replayed run that did not match its recording: where, and how (see ReplayMismatch). */
  replayMismatch?: ReplayMismatch;
  /**
   * For a run whose server models answered through an answer cache (`--cache`): calls answered from
   * it, and calls made and kept.
   */
  cache?: { hits: number; misses: number };
}

/**
 * The first call of a replayed run whose request was not the recorded one (or that the recording
 * lacks, or that was recorded and no longer made): its number from 1 (null when the run had no
 * recording), its turn and purpose as recorded, the first part that differs, and a short unified diff
 * of the request, recorded against this tree.
 */
export interface ReplayMismatch {
  call: number | null;
  turn: number | null;
  purpose: string | null;
  first: string | null;
  diff: string[];
}

/** A stretch of a run on one model: from the run's start, or from a switch step, to the next switch. */
export interface ModelStretch {
  /** The model's name as the run opened it (`reader`, `ollama:granite4.1:8b`). */
  model: string;
  /** The window the engine used from the switch on (null: the model states none). */
  window: number | null;
  /** The switch step that opened it, from 1; null for the run's first model. */
  step: number | null;
  /** The first and last person turns it ran; null when it ran none. */
  turns: { first: number; last: number } | null;
  /** For a model behind a server: which server, which model, with what. */
  backend?: BackendRecord;
}

/**
 * The time of a run's model calls split in two: in the model server, as the runtime reports it
 * (Ollama's total_duration), and in the harness around it (the client, HTTP, the port), per call.
 */
export interface CallTiming {
  /** Calls whose runtime reported its duration. */
  count: number;
  serverMs: number;
  /** Time around the calls: their wall time less the server's. */
  harnessMs: number;
  /** The median of the harness's time per call. */
  harnessMedianMs: number;
}

/** The server and model behind an `ollama:` or `openai:` name, as the run found them. */
export interface BackendRecord {
  kind: 'ollama' | 'openai';
  /** The server's address (Ollama's host, or the OpenAI-compatible base URL). */
  url: string;
  /** The model as the server names it. */
  model: string;
  /** The model's digest (Ollama's /api/tags), when the server gives one. */
  digest: string | null;
  /** The context length the model was trained for (Ollama's /api/show), when known. */
  contextLength: number | null;
  /** The sampling and runtime options each call was sent with (`--set model.*`). */
  options: Record<string, unknown>;
  /** Calls retried after a server error (HTTP 5xx), each retry counted. */
  retries: number;
}

/** Turns between consecutive condensations. */
export function gapsBetween(turns: readonly number[]): number[] {
  const gaps: number[] = [];
  for (let i = 1; i < turns.length; i++) gaps.push((turns[i] ?? 0) - (turns[i - 1] ?? 0));
  return gaps;
}
