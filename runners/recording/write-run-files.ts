/** A run's folder: the files a finished run leaves, written in the compact form (format 2). */
import { join } from 'node:path';
import { PartTable, compactStore, compactTranscript, writeCalls } from '../../records/requests-file.js';
import { toJsonLines, writeFileInPartial } from '../io/files.js';
import { type RunFiles } from '../../records/run-outcome.js';

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
