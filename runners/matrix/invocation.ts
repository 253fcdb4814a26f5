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
import { makeRun } from './make-run.js';
import type { ServerOptions } from '../models/index.js';
import { DRAIN, DRAINED, READY, type WorkerAnswer, type WorkerTask } from './run-worker.js';
import type { RunRecord } from '../../records/run-record.js';
import { runId, type RunSpec, type ScenarioSource } from '../run/run-spec.js';
import { type CommandOptions } from '../sandbox/run-sandbox.js';
import { type ModelFactory } from '../models/model-factory.js';
import { OutputError, WorkerError } from '../errors.js';
import { WorkspacePool } from '../sandbox/fs-workspace.js';
import { onInterrupt } from '../io/interrupt.js';
import { PARTIAL_SUFFIX } from '../recording/results-folder.js';
import type { ResolvedStrategy } from '../../strategies/index.js';
import type { RunReportPart } from '../../reports/html/write.js';

export interface InvocationPlan {
  scenarios: ScenarioSource[];
  strategies: ResolvedStrategy[];
  models: string[];
  windows: number[];
  runs: number;
}

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

/** A run to make: its spec and its place in the invocation's order. */
interface Task {
  spec: RunSpec;
  index: number;
}

/** What a lane does with a finished run: renames its folder into place and appends its record. */
type Finish = (
  index: number,
  record: RunRecord,
  partial: string,
  part: RunReportPart | null | undefined,
) => Promise<void>;

/**
 * Makes `specs`' runs, writing into `outDir`. Each run's folder is filled under a partial name and
 * takes its own only when whole, then its record is appended to runs.jsonl whole, so an interrupted
 * invocation never leaves a folder that looks finished but is not. Records come back in the specs'
 * order; runs.jsonl has them in the order they finished.
 *
 * With `jobs` above 1, the runs on offline models are shared by this thread and `jobs - 1` worker
 * threads, longest scenarios first, so that the last runs to finish are short ones.
 */
export async function executeRuns(
  specs: readonly RunSpec[],
  outDir: string,
  options: ExecuteOptions,
): Promise<RunRecord[]> {
  const records: (RunRecord | undefined)[] = new Array<RunRecord | undefined>(specs.length);
  let recording = Promise.resolve();
  // One run is recorded at a time, whichever lane or thread made it.
  const finish: Finish = (index, record, partial, part) => {
    const recorded = recording.then(async () => {
      const runDir = runFolder(outDir, specs[index] as RunSpec);
      try {
        await rename(partial, runDir);
      } catch (thrown) {
        throw outputError(runDir, thrown);
      }
      await appendLineWhole(join(outDir, 'runs.jsonl'), record);
      records[index] = record;
      options.onRecord?.(record, part);
    });
    recording = recorded.catch(() => {});
    return recorded;
  };
  const reportParts = options.reportParts ?? false;
  const jobs = Math.max(1, Math.floor(options.jobs ?? 1));
  const tasks: Task[] = specs.map((spec, index) => ({ spec, index }));
  const offline = jobs > 1 ? longestFirst(tasks.filter(({ spec }) => isOffline(spec.model))) : [];
  const shared = new Set(offline);
  const served = tasks.filter((task) => !shared.has(task));
  // This thread's lanes hand their unchanged workspaces on to each other; each worker keeps its own.
  const workspaces = new WorkspacePool();
  // Settles when this thread's offline lane finds nothing left to take: a worker still loading then
  // has nothing to do and is stopped at once, rather than waited for.
  let offlineTaken = (): void => {};
  const exhausted = new Promise<void>((resolve) => {
    offlineTaken = resolve;
  });
  const lane = async (queue: Task[], createModel: ModelFactory, onEmpty?: () => void): Promise<void> => {
    // A run's record is written (and synced) while the next run is made; a record that could not be
    // written stops the lane once that run is made, before its own record.
    let recorded = Promise.resolve();
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { spec, index } = next;
      const partial = await emptyPartial(outDir, spec);
      const { record, part } = await makeRun(
        spec,
        createModel,
        { runDir: partial, workspaces, ...(options.commands ? { commands: options.commands } : {}) },
        reportParts,
      );
      await recorded;
      recorded = finish(index, record, partial, part);
      // Handled here so that a failure waits, unreported, for the await above or below.
      recorded.catch(() => {});
    }
    onEmpty?.();
    await recorded;
  };
  const threads = Math.min(jobs - 1, offline.length - 1);
  // An interrupt starts no more runs: the queues every lane and worker takes from are emptied.
  const stop = onInterrupt(() => {
    served.length = 0;
    offline.length = 0;
  });
  try {
    await Promise.all([
      ...[options.createModel, ...(options.lanes ?? [])].map((createModel) => lane(served, createModel)),
      // This thread is one of the jobs: it starts on the offline runs while the workers load.
      offline.length > 0 ? lane(offline, options.createModel, offlineTaken) : undefined,
      threads > 0
        ? inWorkers(offline, outDir, {
            threads,
            server: options.server ?? { timeoutMs: 600_000 },
            finish,
            exhausted,
            reportParts,
            ...(options.commands ? { commands: options.commands } : {}),
          })
        : undefined,
    ]);
  } finally {
    stop();
    await workspaces.drain();
  }
  return records.filter((r): r is RunRecord => r !== undefined);
}

/**
 * `tasks` with the longest runs first: scenarios with more steps, then larger windows; otherwise in
 * their order. Shared by several threads, the runs then end on short ones, and no thread waits long
 * on the last.
 */
function longestFirst(tasks: readonly Task[]): Task[] {
  const steps = ({ spec }: Task) => spec.scenario.scenario.steps.length;
  return [...tasks].sort((a, b) => steps(b) - steps(a) || b.spec.window - a.spec.window);
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

/** Runs a worker is handed before it finishes the one it is on, so it never waits for the next. */
const TASKS_AHEAD = 2;

/**
 * Makes runs from `queue` (shared with this thread's own lane) on `threads` worker threads; `finish`
 * records each in this process.
 */
async function inWorkers(
  queue: Task[],
  outDir: string,
  options: {
    threads: number;
    server: ServerOptions;
    finish: Finish;
    /** Settles when the queue is empty for good. */
    exhausted: Promise<void>;
    reportParts: boolean;
    commands?: CommandOptions;
  },
): Promise<void> {
  const { threads, server, finish, exhausted, reportParts, commands } = options;
  const source = workerSource();
  const worker = async (): Promise<void> => {
    const thread = new RunThread(new Worker(source, { eval: true }));
    // Each slot hands the thread one run at a time; the thread makes them in the order handed. No run
    // is handed over before the thread has loaded: until then this thread's own lane takes them, and
    // a short invocation never waits on a thread still loading the harness.
    const slot = async (): Promise<void> => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { spec, index } = next;
        const partial = await emptyPartial(outDir, spec);
        const answer = await thread.make({
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
        });
        if ('error' in answer) {
          // A failure to write the run's files is the environment's (one line, exit 3), as in this process.
          if (answer.output) throw new OutputError(answer.error);
          throw new WorkerError(`run ${runFolder(outDir, spec)}: ${answer.error}`);
        }
        await finish(index, answer.record, partial, answer.part);
      }
    };
    let loaded = false;
    try {
      loaded = await Promise.race([thread.ready.then(() => true), exhausted.then(() => false)]);
      if (loaded) await Promise.all(Array.from({ length: TASKS_AHEAD }, slot));
    } finally {
      await thread.terminate(loaded);
    }
  };
  await Promise.all(Array.from({ length: threads }, worker));
}

/** A worker thread and the runs it has been handed, each answered by its task number. */
class RunThread {
  readonly #waiting = new Map<number, { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void }>();

  #alive = true;
  #drained: (() => void) | undefined;
  #loaded: { resolve: () => void; reject: (e: Error) => void } | undefined;

  /** Settles once the thread has loaded and can make a run, or has failed first. */
  readonly ready = new Promise<void>((resolve, reject) => {
    this.#loaded = { resolve, reject };
  });

  constructor(readonly thread: Worker) {
    // A thread stopped before it loaded fails `ready` with no one waiting on it any more.
    this.ready.catch(() => {});
    thread.on('message', (answer: WorkerAnswer | typeof DRAINED | typeof READY) => {
      if (answer === READY) {
        this.#loaded?.resolve();
        return;
      }
      if (answer === DRAINED) {
        this.#drained?.();
        return;
      }
      this.#waiting.get(answer.task)?.resolve(answer);
      this.#waiting.delete(answer.task);
    });
    // A thread that fails (or exits) fails every run it holds.
    const failAll = (error: Error) => {
      this.#alive = false;
      this.#loaded?.reject(error);
      this.#drained?.();
      for (const { reject } of this.#waiting.values()) reject(error);
      this.#waiting.clear();
    };
    thread.on('error', failAll);
    thread.on('exit', (code) => failAll(new WorkerError(`a worker thread stopped (exit code ${code})`)));
  }

  /** Hands the thread a run; the answer comes when the thread has made it. */
  make(task: WorkerTask): Promise<WorkerAnswer> {
    return new Promise((resolve, reject) => {
      this.#waiting.set(task.task, { resolve, reject });
      this.thread.postMessage(task);
    });
  }

  /**
   * Has the thread remove the workspaces it kept, then stops it; a thread that never `loaded` was
   * handed no run and keeps none, and is stopped at once.
   */
  async terminate(loaded: boolean): Promise<void> {
    if (this.#alive && loaded) {
      await new Promise<void>((resolve) => {
        this.#drained = resolve;
        this.thread.postMessage(DRAIN);
      });
    }
    await this.thread.terminate();
  }
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
