/**
 * `wisp-eval run`: evaluates scenarios under strategies, models and windows, and prints a table (or,
 * with --json, one record per line). All input is checked before anything is written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_FAILURE_CODES, UsageError } from '../../errors.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';
import { parseSetFlag, type SettingOverrides } from '../../../strategies/settings.js';
import { checkModelName, checkServerOptions, serverModelFactory } from '../../models/index.js';
import { applyModelSetting, defaultModelSettings, isModelSettingFlag } from '../../models/model-settings.js';
import { runInvocation } from '../../run/invocation.js';
import { checkFactSubjects } from '../../run/run-scenario.js';
import type { RunRecord } from '../../../records/run-record.js';
import type { CliIO } from '../io.js';
import { condensingLine } from '../../../reports/condensing.js';
import { TABLE_HEADER, tableRow } from '../../../reports/run-table.js';
import { formatTable } from '../../../reports/text-table.js';
import { writeReports } from '../../../reports/reporters/index.js';

export interface RunArgs {
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
  host?: string;
  /** The OpenAI-compatible API's base URL, for openai: models. */
  baseUrl?: string;
}

/** Exit status for a finished invocation: 3 when a run could not be carried out by its model. */
export function exitStatusFor(records: readonly RunRecord[]): number {
  const broken = records.some((r) => r.error !== null && RUN_FAILURE_CODES.has(r.error.code));
  return broken ? 3 : 0;
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

export async function runCommand(
  args: RunArgs,
  io: CliIO,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<number> {
  if (args.scenario.length === 0)
    throw new UsageError('--scenario is required (a name or a .json/.yaml path)');
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
  let modelSettings = defaultModelSettings();
  for (const flag of args.set) {
    if (isModelSettingFlag(flag)) {
      modelSettings = applyModelSetting(modelSettings, flag);
      continue;
    }
    const [name, value] = parseSetFlag(flag);
    overrides[name] = value;
  }
  const strategies = args.strategy.map((name) => resolveStrategy(name, overrides));
  args.model.forEach(checkModelName);
  const serverOptions = {
    timeoutMs: timeout * 1000,
    settings: modelSettings,
    env,
    ...(args.host !== undefined ? { host: args.host } : {}),
    ...(args.baseUrl !== undefined ? { baseUrl: args.baseUrl } : {}),
  };
  checkServerOptions(args.model, serverOptions);
  const scenarios = [];
  for (const s of args.scenario) scenarios.push(await resolveScenario(s));
  for (const { scenario } of scenarios)
    for (const { settings } of strategies) checkFactSubjects(scenario, settings);
  const outDir =
    args.out ??
    join('results', `${scenarios.map((s) => s.scenario.name).join('+')}-${timestamp(new Date())}`);
  if (existsSync(join(outDir, 'runs.jsonl'))) {
    throw new UsageError(`--out ${outDir}: the folder already holds results (runs.jsonl); choose another`);
  }
  const records = await runInvocation(
    { scenarios, strategies, models: args.model, windows: args.window, runs: args.runs },
    outDir,
    serverModelFactory(serverOptions),
    (record) => {
      if (args.json) io.out(JSON.stringify(record));
    },
  );
  // The reports present every record of the folder: summary.csv, turns.csv, summary.md, junit.xml.
  await writeReports(outDir, records, { env });
  if (!args.json) {
    for (const line of formatTable(TABLE_HEADER, records.map(tableRow))) io.out(line);
    const condensing = records.map(condensingLine).filter((line) => line !== null);
    if (condensing.length > 0) io.out('');
    for (const line of condensing) io.out(line);
    for (const r of records.filter((x) => x.error)) {
      io.out(`${r.id}: failed at turn ${r.error?.turn ?? '-'}: ${r.error?.message}`);
    }
    io.out(`results: ${outDir}`);
  } else {
    io.err(`results: ${outDir}`);
  }
  return exitStatusFor(records);
}
