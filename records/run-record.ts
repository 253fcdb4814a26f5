/**
 * The run record: one line of runs.jsonl per finished run, written once as its zod schema, with every
 * type here inferred from it. The core fields and their names are the design's contract; the rest
 * are the figures this harness adds. Runners write it and reports read it, so it lives apart from
 * both.
 */
import { z } from 'zod';
import type { AssessmentFigures, CondensationFigures } from '../engine/index.js';

const count = z.number().int().nonnegative();
const ms = z.number().nonnegative();

/** A probe's outcome: right, confidently wrong, or an honest "I do not know". */
export const verdictSchema = z.enum(['correct', 'wrong', 'abstained']);
export type Verdict = z.infer<typeof verdictSchema>;

/**
 * Where a request can show a piece of evidence: the instructions (system message), the earlier facts
 * block's facts, the running summary at its end, the now block, a person's prompt, a tool output
 * whole, its reference, a tool output shown in part around a held-back marker, a memory recall
 * result, or one of the model's own replies (its text and its tool calls' arguments).
 */
export const evidenceChannelSchema = z.enum([
  'instructions',
  'facts',
  'summary',
  'now',
  'prompt',
  'tool',
  'reference',
  'held-back',
  'memory',
  'reply',
]);
export type EvidenceChannel = z.infer<typeof evidenceChannelSchema>;

/**
 * A probe's evidence in the turn requests of its turn (each carries its question, which is left
 * out): the first, and those after each tool result the model asked for. `inView`: one of them shows
 * a pattern of `expect.evidence` (or of `any` without it); `atQuestion`: the first does, before any
 * tool call; `channels`: through which channels, in the order seen; `staleInView`: one shows a `none`
 * pattern. A never-given probe has nothing to look for: all false, no channels, outcome `never-given`.
 */
const probeEvidenceSchema = z.object({
  inView: z.boolean(),
  atQuestion: z.boolean(),
  channels: z.array(evidenceChannelSchema),
  staleInView: z.boolean(),
});
export type ProbeEvidence = z.infer<typeof probeEvidenceSchema>;

/**
 * A probe's cell: evidence delivered and the reply right (`delivered-correct`) or not
 * (`delivered-missed`, the model's miss); evidence not delivered and the reply abstained or wrong,
 * though an earlier request of the run showed it (`not-delivered`, the engine's loss), or though no
 * request of the run ever showed it (`never-entered`: the model never read the file, the scenario never
 * gave it; no loss of the engine's); evidence not delivered and the reply right
 * (`not-delivered-correct`: the honesty alarm, a leak or a guess). A never-given probe is in none.
 */
const probeOutcomeSchema = z.enum([
  'delivered-correct',
  'delivered-missed',
  'not-delivered',
  'never-entered',
  'not-delivered-correct',
  'never-given',
]);
export type ProbeOutcome = z.infer<typeof probeOutcomeSchema>;

/** A probe's question, the reply, and how both were judged. */
const probeResultSchema = z.object({
  id: z.string(),
  turn: count,
  question: z.string(),
  reply: z.string(),
  verdict: verdictSchema,
  /**
   * What the probe expects: an answer, or an abstention for a question whose answer was never given
   * (`expect: { abstain: true }`), where `correct` means the reply said it did not know.
   */
  expects: z.enum(['answer', 'abstention']),
  /** Whether the evidence for the answer was in the request that carried the question. */
  evidence: probeEvidenceSchema,
  /** The verdict set against the evidence: which cell the probe lands in. */
  outcome: probeOutcomeSchema,
});
export type ProbeResult = z.infer<typeof probeResultSchema>;

/**
 * How many probes with an answer landed in each cell; `alarm` counts `not-delivered-correct`.
 * `neverEntered` is read as 0 from a record written before the cell existed.
 */
const outcomeCellsSchema = z.object({
  deliveredCorrect: count,
  deliveredMissed: count,
  notDelivered: count,
  alarm: count,
  neverEntered: count.default(0),
});
export type OutcomeCells = z.infer<typeof outcomeCellsSchema>;

/**
 * An evidence step: a check declared on a step, made on every turn request from that step on.
 * `leftAt` is the turn of the first request that did not show it (null: it never left); `channels`
 * every channel it was shown through, in the order first seen; `lastChannels` those of the last
 * request checked. `through` (when the step lists channels) holds when it never left the view and
 * the last request checked still showed it through one of them.
 */
const evidenceStepResultSchema = z.object({
  id: z.string(),
  /** The step that declares it, from 1. */
  step: count,
  /** Turn requests checked. */
  checked: count,
  leftAt: count.nullable(),
  channels: z.array(evidenceChannelSchema),
  lastChannels: z.array(evidenceChannelSchema),
  through: z.object({ expected: z.array(evidenceChannelSchema), held: z.boolean() }).nullable(),
});
export type EvidenceStepResult = z.infer<typeof evidenceStepResultSchema>;

/** A condensation as the run record keeps it: the engine's figures without the audit event id. */
const condensationRecordSchema = z.object({
  turn: count,
  reason: z.enum(['budget', 'overflow']),
  fillBefore: z.number(),
  fillAfter: z.number(),
  goal: z.number().nullable(),
  headroom: z.number(),
  floor: z.boolean(),
  /** The note to the person when the condensation ended at the floor, above its goal. */
  note: z.string().optional(),
  turnsDropped: count,
});
export type CondensationRecord = z.infer<typeof condensationRecordSchema>;

/** One person turn's figures. */
const turnRecordSchema = z.object({
  turn: count,
  status: z.enum(['completed', 'failed']),
  requests: count,
  /** Per request: the engine's estimate, and the runtime's reported or the model's counted tokens. */
  estimated: z.array(z.number()),
  reported: z.array(z.number().nullable()),
  counted: z.array(z.number().nullable()),
  newSessions: count,
  toolCalls: count,
  condensations: count,
  heldBack: count,
  referenceBytesSaved: z.number(),
  cutBytesSaved: z.number(),
  modelMs: ms,
  toolMs: ms,
  engineMs: ms,
});
export type TurnRecord = z.infer<typeof turnRecordSchema>;

/** What the assessment per request did over a run: its figures summed over the run's conversations. */
const assessmentRecordSchema = z.object({
  assessed: count,
  rulesSettled: count,
  calls: count,
  callMs: ms,
  fallbacks: count,
  misses: count,
  taskChanges: count,
});
export type AssessmentRecord = z.infer<typeof assessmentRecordSchema>;

/**
 * The time of a run's model calls split in two: in the model server, as the runtime reports it
 * (Ollama's total_duration), and in the harness around it (the client, HTTP, the port), per call.
 */
const callTimingSchema = z.object({
  /** Calls whose runtime reported its duration. */
  count,
  serverMs: ms,
  /** Time around the calls: their wall time less the server's. */
  harnessMs: z.number(),
  /** The median of the harness's time per call. */
  harnessMedianMs: z.number(),
});
export type CallTiming = z.infer<typeof callTimingSchema>;

/** The server and model behind an `ollama:` or `openai:` name, as the run found them. */
export const backendRecordSchema = z.object({
  kind: z.enum(['ollama', 'openai']),
  /** The server's address (Ollama's host, or the OpenAI-compatible base URL). */
  url: z.string(),
  /** The model as the server names it. */
  model: z.string(),
  /** The model's digest (Ollama's /api/tags), when the server gives one. */
  digest: z.string().nullable(),
  /** The context length the model was trained for (Ollama's /api/show), when known. */
  contextLength: z.number().nullable(),
  /** The sampling and runtime options each call was sent with (`--set model.*`). */
  options: z.record(z.string(), z.unknown()),
  /** Calls retried after a server error (HTTP 5xx), each retry counted. */
  retries: count,
});
export type BackendRecord = z.infer<typeof backendRecordSchema>;

/** A stretch of a run on one model: from the run's start, or from a switch step, to the next switch. */
export const modelStretchSchema = z.object({
  /** The model's name as the run opened it (`reader`, `ollama:granite4.1:8b`). */
  model: z.string(),
  /** The window the engine used from the switch on (null: the model states none). */
  window: z.number().nullable(),
  /** The switch step that opened it, from 1; null for the run's first model. */
  step: count.nullable(),
  /** The first and last person turns it ran; null when it ran none. */
  turns: z.object({ first: count, last: count }).nullable(),
  /** For a model behind a server: which server, which model, with what. */
  backend: backendRecordSchema.optional(),
});
export type ModelStretch = z.infer<typeof modelStretchSchema>;

/**
 * The first call of a replayed run whose request was not the recorded one (or that the recording
 * lacks, or that was recorded and no longer made): its number from 1 (null when the run had no
 * recording), its turn and purpose as recorded, the first part that differs, and a short unified diff
 * of the request, recorded against this tree.
 */
const replayMismatchSchema = z.object({
  call: count.nullable(),
  turn: count.nullable(),
  purpose: z.string().nullable(),
  first: z.string().nullable(),
  diff: z.array(z.string()),
});
export type ReplayMismatch = z.infer<typeof replayMismatchSchema>;

const savedBytesSchema = z.object({ count, bytes: z.number(), tokens: z.number() });

/**
 * The run record, one line of runs.jsonl: written by the runners, read back by `report`, `compare`,
 * `html` and `--resume` through this schema alone. A line that does not fit it is refused, naming
 * the file and the line.
 */
export const runRecordSchema = z.object({
  version: z.literal(1),
  id: z.string().min(1),
  scenario: z.string(),
  strategy: z.string(),
  model: z.string(),
  window: count,
  run: count,
  settings: z.record(z.string(), z.unknown()),
  status: z.enum(['completed', 'failed']),
  error: z.object({ code: z.string(), message: z.string(), turn: count.nullable() }).nullable(),
  score: z.object({ correct: count, wrong: count, abstained: count, total: count }),
  /** Probes with an answer whose evidence was in view, of the probes with an answer but the never-entered. */
  delivered: z.object({ inView: count, total: count }),
  outcomes: outcomeCellsSchema,
  evidenceSteps: z.array(evidenceStepResultSchema),
  probes: z.array(probeResultSchema),
  turns: count,
  condensations: z.array(condensationRecordSchema),
  gaps: z.array(z.number()),
  modelCalls: z.object({ turn: count, distil: count, summary: count, assessment: count }),
  /** Overflow retries, and retries after a call to a tool the request did not register. */
  retries: z.object({ overflow: count, tools: count }),
  /** The assessment per request; null when it is off. */
  assessment: assessmentRecordSchema.nullable(),
  /** The engine's estimate of the tool definitions sent, over every turn request and per request. */
  toolTokens: z.object({ total: z.number(), perRequest: z.number() }),
  /**
   * Model calls whose runtime dropped the front of the request silently: it reported clearly fewer
   * prompt tokens than the request takes, for a request above the window. The model never saw the
   * start of these requests; each is marked `truncated` in requests.jsonl and on its response event.
   */
  truncated: count,
  /** Model sessions: a new one starts whenever a request does not continue what the last one held. */
  sessions: z.object({ started: count, new: count }),
  /** What references and cuts took out of later requests. */
  saved: z.object({ references: savedBytesSchema, cuts: savedBytesSchema }),
  /** Tool results shown in part, their whole output kept in the output store. */
  outputsHeldBack: count,
  timing: z.object({
    totalMs: ms,
    modelMs: ms,
    engineMs: ms,
    toolMs: ms,
    /** For a runtime that reports its own durations: the time per call in it and around it. */
    calls: callTimingSchema.optional(),
  }),
  perTurn: z.array(turnRecordSchema),
  /**
   * Which models ran which turns, in order: the run's own model, then one per switch step that ran.
   * Present only in a run that switched models.
   */
  models: z.array(modelStretchSchema).optional(),
  /** For a model behind a server (`ollama:`, `openai:`): which server, which model, with what. */
  backend: backendRecordSchema.optional(),
  /**
   * Present on a run replayed from a recording (`--replay`): its answers came from there, and no
   * time was spent in a model.
   */
  replayed: z.literal(true).optional(),
  /** For a replayed run that did not match its recording: where, and how (see ReplayMismatch). */
  replayMismatch: replayMismatchSchema.optional(),
  /**
   * For a run whose server models answered through an answer cache (`--cache`): calls answered from
   * it, and calls made and kept.
   */
  cache: z.object({ hits: count, misses: count }).optional(),
  /**
   * Files the workspace holds that a step names (`step`, from 1) and no tool call of the run named:
   * the model never read them. Present only in a completed run that has such files.
   */
  unreadFiles: z.array(z.object({ step: count, path: z.string() })).optional(),
});
export type RunRecord = z.infer<typeof runRecordSchema>;

/**
 * A value read back, checked against the schema: on success the value itself, as written. Parsing
 * would rebuild each object in the schema's key order and drop fields it does not know; a record read
 * back keeps both as they were written, so the schema only judges it.
 */
export function checkRunRecord(
  value: unknown,
): { ok: true; record: RunRecord } | { ok: false; error: z.ZodError } {
  const parsed = runRecordSchema.safeParse(value);
  return parsed.success ? { ok: true, record: value as RunRecord } : { ok: false, error: parsed.error };
}

/** True when A and B are the same type; the engine's figures and their record must not drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const engineFiguresMatch: [
  Same<CondensationRecord, Omit<CondensationFigures, 'event'>>,
  Same<AssessmentRecord, AssessmentFigures>,
] = [true, true];
void engineFiguresMatch;

/** Turns between consecutive condensations. */
export function gapsBetween(turns: readonly number[]): number[] {
  const gaps: number[] = [];
  for (let i = 1; i < turns.length; i++) gaps.push((turns[i] ?? 0) - (turns[i - 1] ?? 0));
  return gaps;
}
