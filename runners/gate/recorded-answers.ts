/**
 * A snapshot as a recording: the answers it holds, call by call, so that `snapshots check` replays
 * them through the engine instead of asking the model again. A snapshot holds each call's answer
 * whole (a `respond` answer as the assistant message it is, a guided value as JSON, the usage, or the
 * error) and the server each model ran on (the record's `backend` and `models`). The requests are not
 * compared here: the check compares the whole rendering, requests included, with the snapshot.
 */
import { z } from 'zod';
import type { GuidedResponse, ModelResponse } from '../../engine/index.js';
import { callFailureSchema, usageSchema } from '../../records/model-call.js';
import {
  backendRecordSchema,
  modelStretchSchema,
  type BackendRecord,
  type ModelStretch,
} from '../../records/run-record.js';
import { backendsOf, type RecordedCall, type RecordedRun, type Recording } from '../models/replay/index.js';
import { isTextLine, textOf } from './definitions.js';
import { jsonAfter, messageOf, parseSnapshot, type ParsedSnapshot, type SnapshotBlock } from './parse.js';
import { SnapshotFileError } from './errors.js';

/** The text lines that follow line `at` of `lines`. */
function textAfter(lines: readonly string[], at: number): string[] {
  const out: string[] = [];
  for (let i = at + 1; i < lines.length && isTextLine(lines[i] ?? ''); i++) out.push(lines[i] ?? '');
  return out;
}

/** The line of `block` at `index` (from 0), in the snapshot's own numbering from 1. */
function lineOf(block: SnapshotBlock, index: number): string {
  return `line ${block.line + 1 + index}`;
}

/** The JSON after `prefix` on the first line of `block` that opens with it, checked, or undefined. */
function jsonLineOf<T>(
  block: SnapshotBlock,
  prefix: string,
  schema: z.ZodType<T>,
  what: string,
): T | undefined {
  const index = block.lines.findIndex((line) => line.startsWith(prefix));
  if (index < 0) return undefined;
  return jsonAfter(block.lines[index] ?? '', prefix, schema, `${lineOf(block, index)}: its ${what}`);
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
    const failure = jsonLineOf(block, 'failure: ', callFailureSchema, 'failure line');
    return { ...at, kind, error, ...(failure !== undefined ? { failure } : {}) };
  }
  const usageRead = jsonLineOf(block, 'usage: ', usageSchema, 'usage line');
  const usage = usageRead === undefined ? {} : { usage: usageRead };
  const answerAt = block.lines.findIndex((line) => line === 'answer:' || line.startsWith('answer: '));
  if (answerAt < 0) return { ...at, kind };
  if (kind === 'generate') {
    const text = textOf(textAfter(block.lines, answerAt));
    const value: unknown =
      text === 'undefined'
        ? undefined
        : jsonAfter(text, '', z.unknown(), `${lineOf(block, answerAt)}: its answer`);
    const response: GuidedResponse = { value, ...usage };
    return { ...at, kind, response };
  }
  const id = (block.lines[answerAt] ?? '').slice('answer: '.length);
  const definition = snapshot.definitions.get(id);
  if (definition === undefined)
    throw new SnapshotFileError(`call ${call.number} answers with ${id}, which is never defined`);
  // Read as a message, its tool calls' fields in the order the model gave them.
  const message = messageOf(definition);
  if (message.role !== 'assistant')
    throw new SnapshotFileError(`call ${call.number} answers with ${id}, which is no assistant message`);
  const [text, toolCalls] = [message.content, message.toolCalls ?? []];
  const response: ModelResponse = { text, toolCalls, ...usage };
  return { ...at, kind, response };
}

/** The record's `backend` and `models` lines, read back. */
function serversOf(snapshot: ParsedSnapshot): (BackendRecord | null)[] {
  const record = snapshot.blocks.find((block) => block.kind === 'record');
  if (record === undefined) return backendsOf({});
  const lines = record.lines;
  const backend = jsonLineOf(record, 'backend: ', backendRecordSchema, 'backend line');
  const modelsAt = lines.indexOf('models:');
  const models: ModelStretch[] = [];
  for (let i = modelsAt + 1; modelsAt >= 0 && lines[i]?.startsWith('- '); i++)
    models.push(jsonAfter(lines[i] ?? '', '- ', modelStretchSchema, `${lineOf(record, i)}: its model line`));
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
 * itself): answers by place, the requests compared elsewhere. The answers are read when the
 * recording is made, so a snapshot that does not read is refused before any run, in one line naming
 * the file (`where`) and the line.
 */
export class SnapshotRecording implements Recording {
  readonly strict = false;
  readonly #run: RecordedRun;

  constructor(
    readonly where: string,
    text: string,
  ) {
    try {
      this.#run = snapshotRun('', text);
    } catch (thrown) {
      if (thrown instanceof SnapshotFileError) throw new SnapshotFileError(`${where}: ${thrown.message}`);
      throw thrown;
    }
  }

  run(id: string): Promise<RecordedRun | null> {
    return Promise.resolve({ ...this.#run, id });
  }
}
