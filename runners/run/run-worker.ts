/**
 * A worker thread of `--jobs`: it makes the runs the invocation hands it, each from its plain
 * description (the scenario's reference, the resolved strategy, model, window and run number), writes
 * the run's files into the partial folder it is given, and answers with the run's record. The parent
 * renames the folder and appends the record, so only it writes runs.jsonl.
 */
import { parentPort } from 'node:worker_threads';
import { serverModelFactory, type ServerOptions } from '../models/index.js';
import { resolveScenario } from '../../scenarios/index.js';
import type { LoadedScenario } from '../../scenarios/load.js';
import type { ResolvedStrategy } from '../../strategies/index.js';
import { toError } from '../../engine/index.js';
import type { RunRecord } from '../../records/run-record.js';
import { writeRunFiles } from './run-files.js';
import { runScenario, type CommandOptions } from './run-scenario.js';
import { OutputError } from '../errors.js';

/** A run as the parent describes it to a worker. */
export interface WorkerTask {
  task: number;
  scenario: string;
  strategy: ResolvedStrategy;
  model: string;
  window: number;
  run: number;
  partial: string;
  server: ServerOptions;
  commands?: CommandOptions;
}

/** A worker's answer: the record, or why the run could not be made at all. */
export type WorkerAnswer =
  | { task: number; record: RunRecord }
  | { task: number; error: string; /** the run's files could not be written */ output?: boolean };

const scenarios = new Map<string, Promise<LoadedScenario>>();

async function make(task: WorkerTask): Promise<WorkerAnswer> {
  try {
    let loaded = scenarios.get(task.scenario);
    if (!loaded) {
      loaded = resolveScenario(task.scenario);
      scenarios.set(task.scenario, loaded);
    }
    const scenario = await loaded;
    const { record, files } = await runScenario(
      { scenario, strategy: task.strategy, model: task.model, window: task.window, run: task.run },
      serverModelFactory(task.server),
      { runDir: task.partial, ...(task.commands ? { commands: task.commands } : {}) },
    );
    await writeRunFiles(task.partial, files);
    return { task: task.task, record };
  } catch (thrown) {
    if (thrown instanceof OutputError) return { task: task.task, error: thrown.message, output: true };
    return { task: task.task, error: toError(thrown).message };
  }
}

parentPort?.on('message', (task: WorkerTask) => {
  void make(task).then((answer) => parentPort?.postMessage(answer));
});
