/**
 * Collects one output stream of a command without holding it all in memory. It keeps the stream's
 * first and last `keep` bytes (enough to show a bounded result), counts its bytes and lines, and
 * once the stream outgrows `keep` writes everything (up to `spillLimit` bytes) to a spill file as it
 * arrives, so the whole stream can be kept in the output store afterwards. Writes wait for the disk,
 * which holds back reading the pipe: a fast producer cannot fill memory.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { prefixByBytes, suffixByBytes, type StreamSample } from '../../engine/index.js';

/** Gives the path of a new spill file; called at most once per collector. */
export type SpillFile = () => Promise<string>;

interface Spill {
  path: string;
  file: WriteStream;
  bytes: number;
  error?: Error;
}

/** One stream's head, tail, totals and spill. */
export class StreamCollector {
  private readonly decoder = new TextDecoder('utf-8');
  private head = '';
  private headBytes = 0;
  private tail: { text: string; bytes: number }[] = [];
  private tailBytes = 0;
  private newlines = 0;
  private last = '';
  private spill?: Spill;
  /** UTF-8 bytes collected (after decoding; invalid bytes count as the replacement character). */
  bytes = 0;
  /** Bytes as the stream carried them, before decoding. */
  rawBytes = 0;

  constructor(
    private readonly keep: number,
    private readonly spillLimit: number,
    private readonly spillFile: SpillFile,
  ) {}

  /** Takes a chunk of the stream as it arrives; resolves when it is safe to read more. */
  async push(chunk: Uint8Array | string): Promise<void> {
    this.rawBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk, 'utf8') : chunk.byteLength;
    await this.add(typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
  }

  /** Ends the stream: flushes the decoder and closes the spill file. */
  async end(): Promise<void> {
    await this.add(this.decoder.decode());
    const spill = this.spill;
    if (spill && !spill.file.closed) {
      spill.file.end();
      await once(spill.file, 'close');
    }
    if (spill?.error) throw spill.error;
  }

  private async add(text: string): Promise<void> {
    if (text === '') return;
    const size = Buffer.byteLength(text, 'utf8');
    if (!this.spill && this.bytes + size > this.keep) await this.openSpill();
    if (this.spill) await this.write(this.spill, text, size);
    if (this.headBytes < this.keep) {
      const piece =
        this.headBytes + size <= this.keep ? text : prefixByBytes(text, this.keep - this.headBytes);
      this.head += piece;
      this.headBytes += piece === text ? size : Buffer.byteLength(piece, 'utf8');
    }
    this.tail.push({ text, bytes: size });
    this.tailBytes += size;
    while (this.tail.length > 1 && this.tailBytes - (this.tail[0]?.bytes ?? 0) >= this.keep) {
      this.tailBytes -= this.tail.shift()?.bytes ?? 0;
    }
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.newlines++;
    this.last = text.charAt(text.length - 1);
    this.bytes += size;
  }

  /** Starts spilling: everything so far is still whole in the head, so it goes first. */
  private async openSpill(): Promise<void> {
    const path = await this.spillFile();
    const file = createWriteStream(path);
    const spill: Spill = { path, file, bytes: 0 };
    file.on('error', (error) => {
      spill.error = error;
    });
    this.spill = spill;
    if (this.head !== '') await this.write(spill, this.head, this.headBytes);
  }

  private async write(spill: Spill, text: string, size: number): Promise<void> {
    if (spill.error) throw spill.error;
    if (spill.bytes >= this.spillLimit) return;
    const piece =
      spill.bytes + size <= this.spillLimit ? text : prefixByBytes(text, this.spillLimit - spill.bytes);
    spill.bytes += piece === text ? size : Buffer.byteLength(piece, 'utf8');
    if (!spill.file.write(piece)) await once(spill.file, 'drain');
  }

  /** Lines of the stream (a final newline ends the last line). */
  get lines(): number {
    return this.bytes === 0 ? 0 : this.last === '\n' ? this.newlines : this.newlines + 1;
  }

  /** True when the stream's last character is a newline. */
  get endsWithNewline(): boolean {
    return this.last === '\n';
  }

  /** What a bound needs: head, tail and totals. */
  sample(): StreamSample {
    const complete = this.bytes <= this.keep;
    const tail = complete ? this.head : suffixByBytes(this.tail.map((part) => part.text).join(''), this.keep);
    return {
      head: this.head,
      tail,
      bytes: this.bytes,
      lines: this.lines,
      complete,
      ...(this.rawBytes !== this.bytes ? { rawBytes: this.rawBytes } : {}),
    };
  }

  /** The stream's text from its start, as far as it was kept (all of it, or `spillLimit` bytes). */
  async *text(): AsyncIterable<string> {
    if (!this.spill) {
      yield this.head;
      return;
    }
    const file = createReadStream(this.spill.path, { encoding: 'utf8', highWaterMark: 64 * 1024 });
    try {
      for await (const chunk of file) yield String(chunk);
    } finally {
      file.destroy();
    }
  }

  /** Removes the spill file, if there is one. */
  async dispose(): Promise<void> {
    const spill = this.spill;
    if (!spill) return;
    if (!spill.file.closed) spill.file.destroy();
    await rm(spill.path, { force: true });
  }
}
