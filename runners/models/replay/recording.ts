/**
 * What a replay answers from: a recording of runs, each its model calls in the order made (the
 * request, and the answer or the error) and what the run found of each server model it opened. A
 * results folder is one (its runs.jsonl and each run's requests.jsonl and messages.jsonl); a snapshot
 * is another (runners/gate/ reads it).
 */
import { join } from 'node:path';
import type {
  CallFailure,
  GuidedRequest,
  GuidedResponse,
  ModelRequest,
  ModelResponse,
} from '../../../engine/index.js';
import { loadCalls } from '../../../records/requests-file.js';
import type { BackendRecord, RunRecord } from '../../../records/run-record.js';
import { readRunRecords } from '../../../records/runs-file.js';

/** One recorded model call, numbered from 1 in the order the run made it. */
export type RecordedCall = {
  call: number;
  turn: number;
  purpose: string;
  /** A failed call's code and kind (absent in recordings made before they were kept). */
  failure?: CallFailure;
} & (
  | { kind: 'respond'; request?: ModelRequest; response?: ModelResponse; error?: string }
  | { kind: 'generate'; request?: GuidedRequest; response?: GuidedResponse; error?: string }
);

/** A run as recorded: its calls, and the server behind each model it opened, in the order opened. */
export interface RecordedRun {
  id: string;
  calls: RecordedCall[];
  /** For each model the run opened (its own, then one per switch step): its server, or null. */
  backends: (BackendRecord | null)[];
}

/** A set of recorded runs, found by run id. */
export interface Recording {
  /** Where the recording is, for messages (`results/codename-…`, `snapshots/x.snap`). */
  readonly where: string;
  /**
   * True when a request must be byte-identical to the recorded one to be answered. A recording
   * without requests (or whose requests are compared elsewhere) answers by position alone.
   */
  readonly strict: boolean;
  /** The run with id `id`, or null when the recording has none. */
  run(id: string): Promise<RecordedRun | null>;
}

/** The servers of a recorded run's models, in the order the run opened them. */
export function backendsOf(record: Pick<RunRecord, 'backend' | 'models'>): (BackendRecord | null)[] {
  const switched = (record.models ?? []).slice(1).map((stretch) => stretch.backend ?? null);
  return [record.backend ?? null, ...switched];
}

/**
 * A results folder as a recording: each run by its record in runs.jsonl and its calls rebuilt from
 * its folder. The records are read once, on the first run asked for; a folder that cannot be read
 * (missing, no runs.jsonl, a bad line) throws its ResultsError then.
 */
export class FolderRecording implements Recording {
  readonly strict = true;
  #records: Promise<Map<string, RunRecord>> | null = null;

  constructor(readonly where: string) {}

  /** The folder's records by id; read once. */
  records(): Promise<Map<string, RunRecord>> {
    this.#records ??= readRunRecords(this.where).then((all) => new Map(all.map((r) => [r.id, r])));
    return this.#records;
  }

  async run(id: string): Promise<RecordedRun | null> {
    const record = (await this.records()).get(id);
    if (record === undefined) return null;
    const calls = await loadCalls(join(this.where, 'runs', id));
    return {
      id,
      calls: calls.map((logged) => logged as RecordedCall),
      backends: backendsOf(record),
    };
  }
}
