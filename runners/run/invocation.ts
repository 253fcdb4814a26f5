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
import { runId, runScenario, type ModelFactory, type RunSpec, type ScenarioSource } from './run-scenario.js';
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
    await writeFileAtomic(join(partial, 'audit.jsonl'), toJsonLines(files.audit));
    await writeFileAtomic(join(partial, 'requests.jsonl'), toJsonLines(files.requests));
    await writeFileAtomic(join(partial, 'store.json'), JSON.stringify(files.store, null, 2) + '\n');
    for (const [name, transcript] of files.transcripts) {
      await writeFileAtomic(join(partial, name), JSON.stringify(transcript, null, 2) + '\n');
    }
    await rename(partial, runDir);
    await appendJsonLine(join(outDir, 'runs.jsonl'), record);
    records.push(record);
    onRecord(record);
  }
  return records;
}
