/**
 * An output store in memory, with the same limits and behaviour as the file store: for tests and
 * for runs that keep nothing on disk.
 */
import {
  OUTPUT_STORE_MAX_BYTES,
  type OutputStore,
  type StoredLines,
  type StoredOutput,
} from '../../../engine/index.js';
import type { OutputStoreOptions } from './file-store.js';
import { checkOutputId, consume, pageLines } from './shared.js';

/** An output store that holds everything in a map. */
export class MemoryOutputStore implements OutputStore {
  readonly maxBytes: number;
  private readonly outputs = new Map<string, { text: string; stored: StoredOutput }>();

  constructor(options: OutputStoreOptions = {}) {
    this.maxBytes = options.maxBytes ?? OUTPUT_STORE_MAX_BYTES;
  }

  async put(callId: string, content: string | AsyncIterable<string>): Promise<StoredOutput> {
    checkOutputId(callId);
    const pieces: string[] = [];
    const consumed = await consume(content, this.maxBytes, (piece) => void pieces.push(piece));
    const stored: StoredOutput = { id: callId, ...consumed };
    this.outputs.set(callId, { text: pieces.join(''), stored });
    return { ...stored };
  }

  async read(id: string): Promise<string | undefined> {
    checkOutputId(id);
    return this.outputs.get(id)?.text;
  }

  async stat(id: string): Promise<StoredOutput | undefined> {
    checkOutputId(id);
    const kept = this.outputs.get(id);
    return kept ? { ...kept.stored } : undefined;
  }

  async readLines(id: string, from: number, count: number): Promise<StoredLines | undefined> {
    const text = await this.read(id);
    return text === undefined ? undefined : pageLines(text, from, count);
  }

  /** Ids of the outputs kept, in the order they were first kept. */
  ids(): string[] {
    return [...this.outputs.keys()];
  }
}
