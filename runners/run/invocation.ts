/**
 * One invocation of `run`: every combination of scenarios, strategies, models, windows and run
 * numbers, in that order. Each finished run's files are written whole into runs/<id>/ (filled as
 * runs/<id>.partial/ and renamed), then its record is appended to runs.jsonl; a failed run is
 * recorded and the rest go on.
 */
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { appendJsonLine, toJsonLines, writeFileAtomic } from '../io/files.js';
import type { RunRecord } from '../../records/run-record.js';
import { PartTable, compactStore, compactTranscript, writeCalls } from '../../records/requests-file.js';
import {
  runId,
  runScenario,
  type ModelFactory,
  type RunFiles,
  type RunSpec,
  type ScenarioSource,
} from './run-scenario.js';
import type { ResolvedStrategy } from '../../strategies/index.js';

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

/**
 * Writes a run's files into `dir`: the audit log; the calls in their compact form (messages.jsonl and
 * requests.jsonl); the store, its entries' text left to the audit where it holds it; the transcripts,
 * a condensation's kept contexts as message numbers.
 */
export async function writeRunFiles(dir: string, files: RunFiles): Promise<void> {
  await writeFileAtomic(join(dir, 'audit.jsonl'), toJsonLines(files.audit));
  const table = new PartTable(files.audit);
  await writeFileAtomic(join(dir, 'requests.jsonl'), writeCalls(files.requests, table));
  await writeFileAtomic(
    join(dir, 'store.json'),
    JSON.stringify(compactStore(files.store, files.audit)) + '\n',
  );
  for (const [name, transcript] of files.transcripts) {
    await writeFileAtomic(join(dir, name), JSON.stringify(compactTranscript(transcript, table)) + '\n');
  }
  await writeFileAtomic(join(dir, 'messages.jsonl'), table.text);
}

/** Runs the plan, writing into `outDir`; `onRecord` sees each record as its run ends. */
export async function runInvocation(
  plan: InvocationPlan,
  outDir: string,
  createModel: ModelFactory,
  onRecord: (record: RunRecord) => void = () => {},
): Promise<RunRecord[]> {
  const records: RunRecord[] = [];
  for (const spec of expandPlan(plan)) {
    const runDir = join(outDir, 'runs', runId({ ...spec, scenario: spec.scenario.scenario.name }));
    // The run's folder is filled under a partial name and takes its own only when whole, so an
    // interrupted invocation never leaves a folder that looks finished but is not.
    const partial = `${runDir}${PARTIAL_SUFFIX}`;
    await rm(partial, { recursive: true, force: true });
    const { record, files } = await runScenario(spec, createModel, { runDir: partial });
    await writeRunFiles(partial, files);
    await rename(partial, runDir);
    await appendJsonLine(join(outDir, 'runs.jsonl'), record);
    records.push(record);
    onRecord(record);
  }
  return records;
}
