/**
 * Carrying out a plan in its results folder: the runs of its shard that have no record yet, on
 * `jobs` at once, with progress on stderr; then every record of the shard, in the plan's order.
 */
import type { RunRecord } from '../../records/run-record.js';
import { serverModelFactory, type ServerOptions } from '../models/index.js';
import { applyModelSetting, defaultModelSettings } from '../models/model-settings.js';
import { killCommandsAtExit, type Sandbox } from '../sandbox/sandbox.js';
import { defaultToolSettings } from '../sandbox/tool-settings.js';
import { executeRuns, expandPlan } from './invocation.js';
import { inShard, resolvePlan } from './plan.js';
import { type PlanFile } from '../recording/plan-file.js';
import { Progress, type ProgressIO } from './progress.js';
import type { ResultsFolder } from '../recording/results-folder.js';
import { runId } from '../run/run-spec.js';
import { sweepWorkspaces } from '../sandbox/fs-workspace.js';
import type { RunReportPart } from '../../reports/html/write.js';

/** How a plan's models are reached: its model options, with the environment for their defaults. */
export function serverOptionsOf(
  options: PlanFile['modelOptions'],
  env: Readonly<Record<string, string | undefined>>,
): ServerOptions {
  let settings = defaultModelSettings();
  for (const flag of options.settings) settings = applyModelSetting(settings, flag);
  return {
    timeoutMs: options.timeout * 1000,
    settings,
    env: { ...env },
    ...(options.hosts?.[0] !== undefined ? { host: options.hosts[0] } : {}),
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.replay !== undefined ? { replay: options.replay } : {}),
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
  };
}

export interface PlanRunOptions {
  jobs: number;
  /** How the runs' commands are contained (detected once for the invocation). */
  sandbox: Sandbox;
  env: Readonly<Record<string, string | undefined>>;
  progress: ProgressIO;
  onRecord?: (record: RunRecord) => void;
}

/** What carrying out a plan gives back. */
export interface PlanRuns {
  /** All of the shard's records, in the plan's order. */
  records: RunRecord[];
  /** report.html's part of each run made now, by run id; runs made earlier have none. */
  parts: Map<string, RunReportPart | null>;
  /** The runs of the shard, recorded or not. */
  planned: number;
}

/** Makes the folder's missing runs and gives back all of its shard's records, in the plan's order. */
export async function executePlan(folder: ResultsFolder, options: PlanRunOptions): Promise<PlanRuns> {
  // Workspaces (and, as root, the commands) that killed invocations left behind go first; commands
  // of this one still running when it exits are killed then.
  await sweepWorkspaces();
  killCommandsAtExit();
  const plan = await resolvePlan(folder.plan);
  const specs = inShard(expandPlan(plan), folder.plan.shard);
  const idOf = (spec: (typeof specs)[number]) => runId({ ...spec, scenario: spec.scenario.scenario.name });
  const todo = specs.filter((spec) => !folder.done.has(idOf(spec)));
  const server = serverOptionsOf(folder.plan.modelOptions, options.env);
  const progress = new Progress(specs.length, specs.length - todo.length, options.progress);
  // Records are handed on in the plan's order, whatever order parallel runs finish in.
  const order = new Map(todo.map((spec, i) => [idOf(spec), i]));
  const waiting = new Map<number, RunRecord>();
  let next = 0;
  const parts = new Map<string, RunReportPart | null>();
  const hosts = folder.plan.modelOptions.hosts ?? [];
  const commandTimeout = folder.plan.toolOptions?.commandTimeout ?? defaultToolSettings().commandTimeout;
  const made = await executeRuns(todo, folder.dir, {
    createModel: serverModelFactory(server),
    commands: { timeoutMs: commandTimeout * 1000, sandbox: options.sandbox },
    jobs: options.jobs,
    server,
    lanes: hosts.slice(1).map((host) => serverModelFactory({ ...server, host })),
    reportParts: true,
    onRecord: (record, part) => {
      if (part !== undefined) parts.set(record.id, part);
      progress.finished(record);
      waiting.set(order.get(record.id) ?? -1, record);
      for (let ready = waiting.get(next); ready !== undefined; ready = waiting.get(next)) {
        waiting.delete(next);
        next += 1;
        options.onRecord?.(ready);
      }
    },
  });
  progress.end();
  const byId = new Map([...folder.done, ...made.map((r) => [r.id, r] as const)]);
  const records = specs.map((spec) => byId.get(idOf(spec))).filter((r): r is RunRecord => r !== undefined);
  return { records, parts, planned: specs.length };
}
