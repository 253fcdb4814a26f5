/**
 * One invocation of `run`: every combination of scenarios, strategies, models, windows and run
 * numbers, in that order. Each finished run is appended to runs.jsonl at once and its files are
 * written whole into runs/<id>/; a failed run is recorded and the rest go on.
 */
import { join } from 'node:path';
import { appendJsonLine, toJsonLines, writeFileAtomic } from '../io/files.js';
import type { RunRecord } from './record.js';
import { runId, runScenario, type ModelFactory, type RunSpec, type ScenarioSource } from './run-scenario.js';
import type { ResolvedStrategy } from '../../strategies/index.js';

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
    const { record, files } = await runScenario(spec, createModel, { runDir });
    await writeFileAtomic(join(runDir, 'audit.jsonl'), toJsonLines(files.audit));
    await writeFileAtomic(join(runDir, 'requests.jsonl'), toJsonLines(files.requests));
    await writeFileAtomic(join(runDir, 'store.json'), JSON.stringify(files.store, null, 2) + '\n');
    for (const [name, transcript] of files.transcripts) {
      await writeFileAtomic(join(runDir, name), JSON.stringify(transcript, null, 2) + '\n');
    }
    await appendJsonLine(join(outDir, 'runs.jsonl'), record);
    records.push(record);
    onRecord(record);
  }
  return records;
}
