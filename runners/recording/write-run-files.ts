/** A run's folder: the files a finished run leaves, written in the compact form (format 2). */
import { join } from 'node:path';
import { PartTable, compactStore, compactTranscript, writeCalls } from '../../records/requests-file.js';
import { toJsonLines, writeFileInPartial } from '../io/files.js';
import { runReportPart, type RunReportPart } from '../../reports/html/write.js';
import type { RunRecord } from '../../records/run-record.js';
import {
  runScenario,
  type ModelFactory,
  type RunFiles,
  type RunPlace,
  type RunSpec,
} from '../run/run-scenario.js';

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

/**
 * Writes a run's files into `dir`, its partial folder (renamed into place once whole): the audit log;
 * the calls in their compact form (messages.jsonl and requests.jsonl); the store, its entries' text
 * left to the audit where it holds it; the transcripts, a condensation's kept contexts as message
 * numbers.
 */
export async function writeRunFiles(dir: string, files: RunFiles): Promise<void> {
  await writeFileInPartial(join(dir, 'audit.jsonl'), toJsonLines(files.audit));
  const table = new PartTable(files.audit);
  await writeFileInPartial(join(dir, 'requests.jsonl'), writeCalls(files.requests, table));
  await writeFileInPartial(
    join(dir, 'store.json'),
    JSON.stringify(compactStore(files.store, files.audit)) + '\n',
  );
  for (const [name, transcript] of files.transcripts) {
    await writeFileInPartial(join(dir, name), JSON.stringify(compactTranscript(transcript, table)) + '\n');
  }
  await writeFileInPartial(join(dir, 'messages.jsonl'), table.text);
}
