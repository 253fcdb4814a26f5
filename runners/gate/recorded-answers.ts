/**
 * A snapshot as a recording: the answers it holds, call by call, so that `snapshots check` replays
 * them through the engine instead of asking the model again. A snapshot holds each call's answer
 * whole (a `respond` answer as the assistant message it is, a guided value as JSON, the usage, or the
 * error) and the server each model ran on (the record's `backend` and `models`). The requests are not
 * compared here: the check compares the whole rendering, requests included, with the snapshot.
 */
import { z } from 'zod';
import type { CallFailure, GuidedResponse, ModelResponse, ToolCall, Usage } from '../../engine/index.js';
import type { BackendRecord, ModelStretch } from '../../records/run-record.js';
import { backendsOf, type RecordedCall, type RecordedRun, type Recording } from '../models/replay/index.js';
import { isTextLine, textOf } from './definitions.js';
import { messageOf, parseSnapshot, type ParsedSnapshot, type SnapshotBlock } from './parse.js';
import { SnapshotFileError } from './errors.js';

/** The text lines that follow line `at` of `lines`. */
function textAfter(lines: readonly string[], at: number): string[] {
  const out: string[] = [];
  for (let i = at + 1; i < lines.length && isTextLine(lines[i] ?? ''); i++) out.push(lines[i] ?? '');
  return out;
}

const failureSchema = z.strictObject({
  code: z.string().min(1),
  kind: z.enum(['input', 'run', 'gate']),
  limit: z.number().int().optional(),
  count: z.number().int().nullable().optional(),
});

/** A `failure: {json}` line: what the failed call threw, by code and kind. */
function parseFailure(line: string, call: number): CallFailure {
  let value: unknown;
  try {
    value = JSON.parse(line.slice('failure: '.length));
  } catch {
    throw new SnapshotFileError(`call ${call}: its failure line is not JSON`);
  }
  const parsed = failureSchema.safeParse(value);
  if (!parsed.success) throw new SnapshotFileError(`call ${call}: its failure line is no failure`);
  const { limit, count, ...rest } = parsed.data;
  return { ...rest, ...(limit !== undefined ? { limit } : {}), ...(count !== undefined ? { count } : {}) };
}

/** One call block's answer, or error, as the port gave it. */
function recordedCall(snapshot: ParsedSnapshot, block: SnapshotBlock): RecordedCall {
  const call = block.call ?? { number: 0, turn: 0, purpose: '' };
  const at = { call: call.number, turn: call.turn, purpose: call.purpose };
  const kind = block.lines.some((line) => line.startsWith('schema: ')) ? 'generate' : 'respond';
  const errorAt = block.lines.findIndex((line) => line.startsWith('error: '));
  if (errorAt >= 0) {
    const first = (block.lines[errorAt] ?? '').slice('error: '.length);
    const rest = textAfter(block.lines, errorAt);
    const error = rest.length > 0 ? `${first}\n${textOf(rest)}` : first;
    // Snapshots recorded before failures kept their code have none: the replay reads the message.
    const failureLine = block.lines.find((line) => line.startsWith('failure: '));
    const failure = failureLine === undefined ? {} : { failure: parseFailure(failureLine, call.number) };
    return { ...at, kind, error, ...failure };
  }
  const usageLine = block.lines.find((line) => line.startsWith('usage: '));
  const usage = usageLine === undefined ? {} : { usage: JSON.parse(usageLine.slice(7)) as Usage };
  const answerAt = block.lines.findIndex((line) => line === 'answer:' || line.startsWith('answer: '));
  if (answerAt < 0) return { ...at, kind };
  if (kind === 'generate') {
    const text = textOf(textAfter(block.lines, answerAt));
    const value: unknown = text === 'undefined' ? undefined : JSON.parse(text);
    const response: GuidedResponse = { value, ...usage };
    return { ...at, kind, response };
  }
  const id = (block.lines[answerAt] ?? '').slice('answer: '.length);
  const definition = snapshot.definitions.get(id);
  if (definition === undefined)
    throw new SnapshotFileError(`call ${call.number} answers with ${id}, which is never defined`);
  // Checked as a message, then read with its tool calls' fields in the order the model gave them.
  if (messageOf(definition).role !== 'assistant')
    throw new SnapshotFileError(`call ${call.number} answers with ${id}, which is no assistant message`);
  const text = textOf(definition.lines.filter(isTextLine));
  const toolCalls = definition.lines
    .filter((line) => line.startsWith('call '))
    .map((line) => JSON.parse(line.slice('call '.length)) as ToolCall);
  const response: ModelResponse = { text, toolCalls, ...usage };
  return { ...at, kind, response };
}

/** The record's `backend` and `models` lines, read back. */
function serversOf(snapshot: ParsedSnapshot): (BackendRecord | null)[] {
  const record = snapshot.blocks.find((block) => block.kind === 'record');
  const lines = record?.lines ?? [];
  const backendLine = lines.find((line) => line.startsWith('backend: '));
  const backend = backendLine === undefined ? undefined : (JSON.parse(backendLine.slice(9)) as BackendRecord);
  const modelsAt = lines.indexOf('models:');
  const models: ModelStretch[] = [];
  for (let i = modelsAt + 1; modelsAt >= 0 && lines[i]?.startsWith('- '); i++)
    models.push(JSON.parse((lines[i] ?? '').slice(2)) as ModelStretch);
  return backendsOf({
    ...(backend !== undefined ? { backend } : {}),
    ...(models.length > 0 ? { models } : {}),
  });
}

/** The run a snapshot text records, as a replay reads it. */
export function snapshotRun(id: string, text: string): RecordedRun {
  const snapshot = parseSnapshot(text);
  const calls = snapshot.blocks.filter((block) => block.call).map((block) => recordedCall(snapshot, block));
  return { id, calls, backends: serversOf(snapshot) };
}

/**
 * One snapshot as the recording of the one run rendered from it (whatever id the run computes for
 * itself): answers by place, the requests compared elsewhere.
 */
export class SnapshotRecording implements Recording {
  readonly strict = false;
  constructor(
    readonly where: string,
    private readonly text: string,
  ) {}

  run(id: string): Promise<RecordedRun | null> {
    return Promise.resolve(snapshotRun(id, this.text));
  }
}
