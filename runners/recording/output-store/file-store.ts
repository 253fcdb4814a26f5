/**
 * The output store on disk: one directory per conversation, one file per output named by its call
 * id (`<id>.out`), and a JSON record beside it (`<id>.json`: size, lines, SHA-256, truncated,
 * `version: 1`). Files are written whole: to a temporary name first, then renamed into place.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import {
  OUTPUT_STORE_MAX_BYTES,
  type OutputStore,
  type StoredLines,
  type StoredOutput,
} from '../../../engine/index.js';
import { checkOutputId, consume, fromRecord, pageLines, storedRecordSchema, toRecord } from './shared.js';
import { OutputStoreError } from '../../errors.js';

/** Options for an output store. */
export interface OutputStoreOptions {
  /** The most bytes one output holds; 16 MiB unless set (tests set less). */
  maxBytes?: number;
}

let temporaryCounter = 0;

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** An output store in the directory `dir`, created when the first output is kept. */
export class FileOutputStore implements OutputStore {
  readonly maxBytes: number;

  constructor(
    readonly dir: string,
    options: OutputStoreOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? OUTPUT_STORE_MAX_BYTES;
  }

  /** Path of the output's content file. */
  contentPath(id: string): string {
    checkOutputId(id);
    return join(this.dir, `${id}.out`);
  }

  /** Path of the output's record. */
  recordPath(id: string): string {
    checkOutputId(id);
    return join(this.dir, `${id}.json`);
  }

  private temporaryPath(id: string): string {
    temporaryCounter += 1;
    // Ids never start with a dot, so a temporary file can never be taken for an output.
    return join(this.dir, `.${id}.${process.pid}.${temporaryCounter}.tmp`);
  }

  async put(callId: string, content: string | AsyncIterable<string>): Promise<StoredOutput> {
    const target = this.contentPath(callId);
    await mkdir(this.dir, { recursive: true });
    const temporary = this.temporaryPath(callId);
    const file = createWriteStream(temporary);
    try {
      const consumed = await consume(content, this.maxBytes, async (piece) => {
        if (!file.write(piece)) await once(file, 'drain');
      });
      file.end();
      await once(file, 'close');
      await rename(temporary, target);
      const stored: StoredOutput = { id: callId, ...consumed };
      await this.writeWhole(callId, JSON.stringify(toRecord(stored), null, 2) + '\n');
      return stored;
    } catch (error) {
      // The stream opens its file in the background: wait until it is closed, or the file could
      // appear after it was removed.
      if (!file.closed) {
        const closed = once(file, 'close').catch(() => undefined);
        file.destroy();
        await closed;
      }
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Writes the output's record whole: a temporary file, then a rename. */
  private async writeWhole(id: string, text: string): Promise<void> {
    const temporary = this.temporaryPath(id);
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, this.recordPath(id));
  }

  async read(id: string): Promise<string | undefined> {
    try {
      return await readFile(this.contentPath(id), 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(id: string): Promise<StoredOutput | undefined> {
    let text: string;
    try {
      text = await readFile(this.recordPath(id), 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new OutputStoreError(`output store: the record of "${id}" is not JSON`);
    }
    const parsed = storedRecordSchema.safeParse(json);
    if (!parsed.success)
      throw new OutputStoreError(`output store: the record of "${id}" is not valid: ${parsed.error.message}`);
    return fromRecord(parsed.data);
  }

  async readLines(id: string, from: number, count: number): Promise<StoredLines | undefined> {
    const text = await this.read(id);
    return text === undefined ? undefined : pageLines(text, from, count);
  }
}
