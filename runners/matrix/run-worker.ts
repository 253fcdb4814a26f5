/**
 * A worker thread of `--jobs`: it makes the runs the invocation hands it, each from its plain
 * description (the scenario as the parent checked it, the resolved strategy, model, window and run
 * number), writes the run's files into the partial folder it is given, and answers with the run's
 * record and, when asked, the report's part of the run. The parent renames the folder and appends
 * the record, so only it writes runs.jsonl.
 */
import { parentPort } from 'node:worker_threads';
import { serverModelFactory, type ServerOptions } from '../models/index.js';
import type { ResolvedStrategy } from '../../strategies/index.js';
import type { ModelFactory } from '../models/model-factory.js';
import type { RunReportPart } from '../../reports/html/write.js';
import { toError } from '../../engine/index.js';
import type { RunRecord } from '../../records/run-record.js';
import { makeRun } from './make-run.js';
import type { CommandOptions } from '../sandbox/run-sandbox.js';
import type { ScenarioSource } from '../run/run-spec.js';
import { OutputError } from '../errors.js';
import { WorkspacePool } from '../sandbox/fs-workspace.js';

/** A run as the parent describes it to a worker. */
export interface WorkerTask {
  task: number;
  scenario: ScenarioSource;
  strategy: ResolvedStrategy;
  model: string;
  window: number;
  run: number;
  partial: string;
  server: ServerOptions;
  /** Whether to make the report's part of the run. */
  reportPart: boolean;
  commands?: CommandOptions;
}

/** A worker's answer: the record, or why the run could not be made at all. */
export type WorkerAnswer =
  | { task: number; record: RunRecord; part?: RunReportPart | null }
  | { task: number; error: string; /** the run's files could not be written */ output?: boolean };

/** The message that has a worker remove the workspaces it kept before it is stopped, and its answer. */
export const DRAIN = 'drain';
export const DRAINED = 'drained';

/** What a worker says once it has loaded the harness and can start a run at once. */
export const READY = 'ready';

/** The workspaces this thread's runs hand on to each other. */
const workspaces = new WorkspacePool();

/**
 * One factory per server options for all the runs this thread makes, so that the readers of its runs
 * share their analyses of texts, as the runs of the parent thread do.
 */
const factories = new Map<string, ModelFactory>();

function modelsFor(server: ServerOptions): ModelFactory {
  const key = JSON.stringify(server);
  let factory = factories.get(key);
  if (factory === undefined) {
    factory = serverModelFactory(server);
    factories.set(key, factory);
  }
  return factory;
}

async function make(task: WorkerTask): Promise<WorkerAnswer> {
  try {
    const made = await makeRun(
      {
        scenario: task.scenario,
        strategy: task.strategy,
        model: task.model,
        window: task.window,
        run: task.run,
      },
      modelsFor(task.server),
      { runDir: task.partial, workspaces, ...(task.commands ? { commands: task.commands } : {}) },
      task.reportPart,
    );
    return { task: task.task, ...made };
  } catch (thrown) {
    if (thrown instanceof OutputError) return { task: task.task, error: thrown.message, output: true };
    return { task: task.task, error: toError(thrown).message };
  }
}

// Runs are made one at a time, in the order they were handed over; the parent hands the next one
// over before this one ends, so the thread never waits for it.
let made = Promise.resolve();
parentPort?.on('message', (task: WorkerTask | typeof DRAIN) => {
  if (task === DRAIN) {
    // Whatever the removal meets, the parent hears back, so that it never waits on this thread.
    made = made
      .then(() => workspaces.drain())
      .catch(() => {})
      .then(() => parentPort?.postMessage(DRAINED));
    return;
  }
  made = made.then(() => make(task)).then((answer) => parentPort?.postMessage(answer));
});
parentPort?.postMessage(READY);
