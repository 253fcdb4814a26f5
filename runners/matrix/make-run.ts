/** One run made into its partial folder: what a lane does in this thread and a worker in its own. */
import type { RunRecord } from '../../records/run-record.js';
import { runReportPart, type RunReportPart } from '../../reports/html/write.js';
import type { ModelFactory } from '../models/model-factory.js';
import { writeRunFiles } from '../recording/write-run-files.js';
import { runScenario } from '../run/run-scenario.js';
import type { RunPlace, RunSpec } from '../run/run-spec.js';

/**
 * Makes `spec`'s run into its partial folder (`place.runDir`): the run, then its files, then, when
 * asked, its part of report.html. What a lane does in this thread and a worker in its own.
 */
export async function makeRun(
  spec: RunSpec,
  createModel: ModelFactory,
  place: RunPlace & { runDir: string },
  reportPart: boolean,
): Promise<{ record: RunRecord; part?: RunReportPart | null }> {
  const { record, files } = await runScenario(spec, createModel, place);
  await writeRunFiles(place.runDir, files);
  if (!reportPart) return { record };
  return { record, part: await runReportPart(place.runDir, record) };
}
