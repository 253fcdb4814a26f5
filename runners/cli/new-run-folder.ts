/**
 * A new `run`'s results folder: its flags read into a plan, the plan checked whole (strategies,
 * models, model options, fact subjects, unique run ids) before the folder and its plan are written.
 */
import { resolve } from 'node:path';
import { readRunRecords } from '../../records/runs-file.js';
import { builtinScenarioNames, isScenarioFile } from '../../scenarios/index.js';
import { ScenarioError } from '../../scenarios/errors.js';
import { UnknownStrategyError } from '../../strategies/errors.js';
import { builtinStrategies } from '../../strategies/index.js';
import { didYouMean } from '../../scenarios/nearest-name.js';
import { parseSetFlag, type SettingOverrides } from '../../strategies/setting-names.js';
import { UsageError } from '../errors.js';
import { openCache } from '../models/cache/answer-cache.js';
import { checkModelName, checkModelSteps, checkServerOptions, switchedModels } from '../models/index.js';
import { applyModelSetting, defaultModelSettings, isModelSettingFlag } from '../models/model-settings.js';
import { serverOptionsOf } from '../matrix/execute-plan.js';
import { parseShard, resolvePlan, resolveStrategyRef, scenarioRef } from '../matrix/plan.js';
import { checkRunIds, distinctPlan, flagSources, type Axis, type SourceOf } from '../matrix/unique-runs.js';
import { newPlan, type PlanFile } from '../recording/plan-file.js';
import { createResults, freshFolder, type ResultsFolder } from '../recording/results-folder.js';
import { sourceHashes } from '../recording/source-hashes.js';
import {
  applyToolSetting,
  defaultToolSettings,
  isToolSettingFlag,
  type ToolSettings,
} from '../sandbox/tool-settings.js';
import { checkFactSubjects } from '../steps/fact-subjects.js';
import { modelAfterSwitch } from '../steps/interpret-steps.js';

/** What a new run's plan is made of: the matrix, the model options and where to write. */
export interface NewRunArgs {
  scenario: string[];
  strategy: string[];
  model: string[];
  window: number[];
  runs: number;
  set: string[];
  out?: string;
  json: boolean;
  /** Seconds a model call may take. */
  timeout?: number;
  /** Ollama's address, for ollama: models. */
  host?: string[];
  /** The OpenAI-compatible API's base URL, for openai: models. */
  baseUrl?: string;
  /** `i/n`: only the i-th of n slices of the runs. */
  shard?: string;
  /** Answer every model call from this results folder's recording, strictly. */
  replay?: string;
  /** The answer cache server models answer through; false: none (--no-cache). */
  cache?: string | false;
}

/** Checks `run`'s input whole, then opens a new results folder with its plan. */
export async function newRunFolder(
  args: NewRunArgs,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ResultsFolder> {
  if (args.scenario.length === 0)
    throw new UsageError('--scenario is required (a name or a .json/.yaml path), or --resume DIR');
  if (!Number.isInteger(args.runs) || args.runs < 1)
    throw new UsageError(`--runs ${args.runs}: give a whole number of 1 or more`);
  for (const w of args.window) {
    if (!Number.isInteger(w) || w < 256)
      throw new UsageError(`--window ${w}: give a whole number of tokens, 256 or more`);
  }
  const timeout = args.timeout ?? 600;
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new UsageError(`--timeout ${timeout}: give the seconds a model call may take, more than 0`);
  const overrides: SettingOverrides = {};
  const modelFlags: string[] = [];
  let tools: ToolSettings | undefined;
  for (const flag of args.set) {
    if (isToolSettingFlag(flag)) {
      tools = applyToolSetting(tools ?? defaultToolSettings(), flag);
      continue;
    }
    if (isModelSettingFlag(flag)) {
      applyModelSetting(defaultModelSettings(), flag);
      modelFlags.push(flag);
      continue;
    }
    const [name, value] = parseSetFlag(flag);
    overrides[name] = value;
  }
  const strategies = args.strategy.map((name) => ({
    name,
    ...(Object.keys(overrides).length > 0 ? { set: overrides as Record<string, unknown> } : {}),
  }));
  const given = newPlan({
    kind: 'run',
    name: '',
    scenarios: args.scenario.map((s) => scenarioRef(s)),
    strategies,
    models: args.model,
    windows: args.window,
    runs: args.runs,
    modelOptions: {
      timeout,
      settings: modelFlags,
      ...(args.host !== undefined && args.host.length > 0 ? { hosts: args.host } : {}),
      ...(args.baseUrl !== undefined ? { baseUrl: args.baseUrl } : {}),
      ...(args.replay !== undefined ? { replay: await replayFolder(args.replay, args.out) } : {}),
      ...(typeof args.cache === 'string' ? { cache: await cacheFolder(args.cache) } : {}),
    },
    ...(tools !== undefined ? { toolOptions: tools } : {}),
    shard: args.shard !== undefined ? parseShard(args.shard) : null,
  });
  const { plan, kept } = distinctPlan(given);
  await checkPlan(plan, env, { kept, sourceOf: flagSources(given) });
  plan.sources = await sourceHashes(plan.scenarios.filter(isScenarioFile));
  const resolved = await resolvePlan(plan);
  plan.name = resolved.scenarios.map((s) => s.scenario.name).join('+');
  const dir = args.out ?? (await freshFolder('results', plan.name));
  return createResults(dir, plan, 'run');
}

/**
 * `--replay DIR`: the results folder as an absolute path, once its runs.jsonl reads (a folder that
 * does not, or is not there, is bad input). It cannot be the folder the runs are written into.
 */
export async function replayFolder(dir: string, out: string | undefined): Promise<string> {
  const path = resolve(dir);
  if (out !== undefined && resolve(out) === path)
    throw new UsageError(
      `--replay ${dir}: the runs cannot be written into the folder they replay; give another --out`,
    );
  await readRunRecords(path);
  return path;
}

/** `--cache DIR`: the folder as an absolute path, made a cache when new or empty (else it must be one). */
export async function cacheFolder(dir: string): Promise<string> {
  const path = resolve(dir);
  await openCache(path);
  return path;
}

/**
 * Checks a plan before anything is written: its strategies, models, model options and fact subjects,
 * and that no two of its cells share a run id (`sources` names where each value came from).
 */
export async function checkPlan(
  plan: PlanFile,
  env: Readonly<Record<string, string | undefined>>,
  sources: { kept: Record<Axis, number[]>; sourceOf: SourceOf },
): Promise<void> {
  const strategies = plan.strategies.map((ref) => {
    try {
      return resolveStrategyRef(ref);
    } catch (thrown) {
      // A name typed wrong: the nearest built-in strategy, when one is near.
      const hint = didYouMean(ref.name, [...builtinStrategies.keys()]);
      if (thrown instanceof UnknownStrategyError && thrown.message.startsWith('unknown strategy') && hint)
        throw new UnknownStrategyError(thrown.message.replace(/^(unknown strategy "[^"]*")/, `$1${hint}`));
      throw thrown;
    }
  });
  for (const ref of plan.scenarios) {
    const hint = isScenarioFile(ref) ? '' : didYouMean(ref, builtinScenarioNames);
    if (hint !== '' && !builtinScenarioNames.includes(ref))
      throw new ScenarioError(
        `unknown scenario '${ref}'${hint}: the built-in scenarios are ${builtinScenarioNames.join(', ')}; or give the path of a .json, .yaml or .yml file`,
      );
  }
  plan.models.forEach(checkModelName);
  const { scenarios } = await resolvePlan(plan);
  checkRunIds(
    plan,
    scenarios.map((s) => s.scenario.name),
    sources.kept,
    sources.sourceOf,
  );
  for (const { scenario } of scenarios) {
    checkModelSteps(scenario);
    for (const { settings } of strategies) checkFactSubjects(scenario, settings);
  }
  // A model a scenario switches to must be reachable too.
  const switched = scenarios.flatMap(({ scenario }) => switchedModels(scenario));
  const opened = plan.models.flatMap((run) => switched.map((named) => modelAfterSwitch(run, named)));
  checkServerOptions([...plan.models, ...opened], serverOptionsOf(plan.modelOptions, env));
}
