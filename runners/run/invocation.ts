/**
 * One invocation of `run`: every combination of scenarios, strategies, models, windows and run
 * numbers, in that order. Each finished run's files are written whole into runs/<id>/ (filled as
 * runs/<id>.partial/ and renamed), then its record is appended to runs.jsonl; a failed run is
 * recorded and the rest go on.
 */
import { rename, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { appendLineWhole, outputError } from '../io/files.js';
import { writeRunFiles } from './run-files.js';
import type { ServerOptions } from '../models/index.js';
import type { WorkerAnswer, WorkerTask } from './run-worker.js';
import type { RunRecord } from '../../records/run-record.js';
import {
  runId,
  runScenario,
  type CommandOptions,
  type ModelFactory,
  type RunSpec,
  type ScenarioSource,
} from './run-scenario.js';
import { OutputError } from '../errors.js';
import type { ResolvedStrategy } from '../../strategies/index.js';
import { runReportPart, type RunReportPart } from '../../reports/html/write.js';

export interface InvocationPlan {
  scenarios: ScenarioSource[];
  strategies: ResolvedStrategy[];
  models: string[];
  windows: number[];
  runs: number;
}

/** The suffix of a run's folder while it is being filled. */
export const PARTIAL_SUFFIX = '.partial';

/** Every run of a plan, in order. */
export function expandPlan(plan: InvocationPlan): RunSpec[] {
  const specs: RunSpec[] = [];
  for (const scenario of plan.scenarios)
    for (const strategy of plan.strategies)
      for (const model of plan.models)
        for (const window of plan.windows)
          for (let run = 0; run < plan.runs; run++) specs.push({ scenario, strategy, model, window, run });
  return specs;
}

/** How the runs of an invocation are made. */
export interface ExecuteOptions {
  /** Builds each run's model in this process. */
  createModel: ModelFactory;
  /**
   * Runs at once. Above 1, runs on the offline models go to worker threads, which build their models
   * from `server`; runs on server models are made one at a time in this process.
   */
  jobs?: number;
  server?: ServerOptions;
  /**
   * More ways to build server models (a pool of hosts): the runs made in this process share them with
   * `createModel`, one run at a time on each.
   */
  lanes?: readonly ModelFactory[];
  /**
   * Sees each record once its folder is whole and its line appended; with `reportParts`, also the
   * report's part of the run (null when its folder could not be read back).
   */
  onRecord?: (record: RunRecord, part?: RunReportPart | null) => void;
  /** Make each run's part of report.html where the run is made, in parallel with the other runs. */
  reportParts?: boolean;
  /** How commands run; without it, each run detects the sandbox and takes the default limit. */
  commands?: CommandOptions;
}

/** Runs the plan in order, one at a time, writing into `outDir`. */
export async function runInvocation(
  plan: InvocationPlan,
  outDir: string,
  createModel: ModelFactory,
  onRecord: (record: RunRecord) => void = () => {},
): Promise<RunRecord[]> {
  return executeRuns(expandPlan(plan), outDir, { createModel, onRecord });
}

/** The folder of `spec`'s run in `outDir`. */
export function runFolder(outDir: string, spec: RunSpec): string {
  return join(outDir, 'runs', runId({ ...spec, scenario: spec.scenario.scenario.name }));
}

/**
 * Makes `specs`' runs, writing into `outDir`. Each run's folder is filled under a partial name and
 * takes its own only when whole, then its record is appended to runs.jsonl whole, so an interrupted
 * invocation never leaves a folder that looks finished but is not. Records come back in the specs'
 * order; runs.jsonl has them in the order they finished.
 */
export async function executeRuns(
  specs: readonly RunSpec[],
  outDir: string,
  options: ExecuteOptions,
): Promise<RunRecord[]> {
  const records: (RunRecord | undefined)[] = new Array<RunRecord | undefined>(specs.length);
  const finish = async (
    index: number,
    record: RunRecord,
    partial: string,
    part: RunReportPart | null | undefined,
  ): Promise<void> => {
    const runDir = runFolder(outDir, specs[index] as RunSpec);
    try {
      await rename(partial, runDir);
    } catch (thrown) {
      throw outputError(runDir, thrown);
    }
    await appendLineWhole(join(outDir, 'runs.jsonl'), record);
    records[index] = record;
    options.onRecord?.(record, part);
  };
  const reportParts = options.reportParts ?? false;
  const jobs = Math.max(1, Math.floor(options.jobs ?? 1));
  const parallel = specs
    .map((spec, index) => ({ spec, index }))
    .filter(({ spec }) => jobs > 1 && isOffline(spec.model));
  const serial = specs
    .map((spec, index) => ({ spec, index }))
    .filter(({ spec }) => !(jobs > 1 && isOffline(spec.model)));
  const queue = [...serial];
  const lane = async (createModel: ModelFactory): Promise<void> => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { spec, index } = next;
      const partial = await emptyPartial(outDir, spec);
      const { record, files } = await runScenario(spec, createModel, {
        runDir: partial,
        ...(options.commands ? { commands: options.commands } : {}),
      });
      await writeRunFiles(partial, files);
      await finish(index, record, partial, reportParts ? await runReportPart(partial, record) : undefined);
    }
  };
  await Promise.all([
    ...[options.createModel, ...(options.lanes ?? [])].map(lane),
    parallel.length > 0
      ? inWorkers(parallel, outDir, {
          jobs,
          server: options.server ?? { timeoutMs: 600_000 },
          finish,
          reportParts,
          ...(options.commands ? { commands: options.commands } : {}),
        })
      : undefined,
  ]);
  return records.filter((r): r is RunRecord => r !== undefined);
}

/** A partial folder for `spec`'s run, emptied of anything an earlier attempt left. */
async function emptyPartial(outDir: string, spec: RunSpec): Promise<string> {
  const partial = `${runFolder(outDir, spec)}${PARTIAL_SUFFIX}`;
  await rm(partial, { recursive: true, force: true });
  return partial;
}

/** The models that run inside the harness: their runs can go to worker threads. */
function isOffline(model: string): boolean {
  return !model.includes(':');
}

/** Makes runs on `jobs` worker threads; `finish` records each in this process, one at a time. */
async function inWorkers(
  tasks: readonly { spec: RunSpec; index: number }[],
  outDir: string,
  options: {
    jobs: number;
    server: ServerOptions;
    finish: (
      index: number,
      record: RunRecord,
      partial: string,
      part: RunReportPart | null | undefined,
    ) => Promise<void>;
    reportParts: boolean;
    commands?: CommandOptions;
  },
): Promise<void> {
  const { jobs, server, finish, reportParts, commands } = options;
  const source = workerSource();
  const queue = [...tasks];
  let recording = Promise.resolve();
  const worker = async (): Promise<void> => {
    const thread = new Worker(source, { eval: true });
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { spec, index } = next;
        const partial = await emptyPartial(outDir, spec);
        const task: WorkerTask = {
          task: index,
          scenario: { scenario: spec.scenario.scenario, dir: spec.scenario.dir },
          strategy: spec.strategy,
          model: spec.model,
          window: spec.window,
          run: spec.run,
          partial,
          server,
          reportPart: reportParts,
          ...(commands ? { commands } : {}),
        };
        const answer = await ask(thread, task);
        if ('error' in answer) {
          // A failure to write the run's files is the environment's (one line, exit 3), as in this process.
          if (answer.output) throw new OutputError(answer.error);
          throw new Error(`run ${runFolder(outDir, spec)}: ${answer.error}`);
        }
        // Records are appended one at a time, in the order runs finish.
        recording = recording.then(() => finish(index, answer.record, partial, answer.part));
        await recording;
      }
    } finally {
      await thread.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
}

/**
 * The code a worker starts with: it imports the worker module; run from the sources (through tsx),
 * it first registers tsx's loader, which a worker thread does not inherit.
 */
function workerSource(): string {
  const ext = extname(fileURLToPath(import.meta.url));
  const worker = JSON.stringify(new URL(`./run-worker${ext}`, import.meta.url).href);
  if (ext !== '.ts') return `import(${worker});`;
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return `import(${tsx}).then((tsx) => { tsx.register(); return import(${worker}); });`;
}

function ask(thread: Worker, task: WorkerTask): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      thread.off('message', onMessage);
      reject(error);
    };
    const onMessage = (answer: WorkerAnswer) => {
      thread.off('error', onError);
      resolve(answer);
    };
    thread.once('message', onMessage);
    thread.once('error', onError);
    thread.postMessage(task);
  });
}
