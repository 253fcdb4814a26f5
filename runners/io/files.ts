/**
 * Writing results safely: whole files through a temporary name, JSON lines appended whole or not at
 * all, and a failure to write named in one line (the path and the cause) rather than thrown raw.
 */
import { appendFile, mkdir, open, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { OutputError } from '../errors.js';

/** The suffix of a file while it is written. */
export const TEMPORARY_SUFFIX = '.tmp';

const CAUSES: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file of that name is in the way',
  EISDIR: 'a folder of that name is in the way',
  ENOENT: 'a folder there cannot be made',
  ENOTREGULAR: 'it is not a regular file (a FIFO, a device or a socket)',
};

/** A failure to write `path`, as one line naming the path and the cause. */
export function outputError(path: string, thrown: unknown): OutputError {
  if (thrown instanceof OutputError) return thrown;
  const code = (thrown as NodeJS.ErrnoException | undefined)?.code;
  const cause = (code && CAUSES[code]) ?? (thrown instanceof Error ? thrown.message : String(thrown));
  return new OutputError(`cannot write ${path}: ${cause}`);
}

/**
 * Makes `dir` and any missing folders above it, one at a time from the nearest that exists. Node's
 * own `mkdir(..., { recursive: true })` never returns on some paths (under /proc, it loops on ENOENT).
 */
export async function makeFolder(dir: string): Promise<void> {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    const found = await stat(at).catch((thrown: NodeJS.ErrnoException) => {
      if (thrown.code === 'ENOENT') return undefined;
      throw thrown;
    });
    if (found !== undefined) {
      // A system error as node raises it, for outputError to name like the others.
      // eslint-disable-next-line no-restricted-syntax
      if (!found.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
      break;
    }
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  for (const folder of missing) {
    await mkdir(folder).catch((thrown: NodeJS.ErrnoException) => {
      if (thrown.code !== 'EEXIST') throw thrown;
    });
  }
}

/** Writes a file whole: a temporary file first, then a rename over the target. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}${TEMPORARY_SUFFIX}`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, content, 'utf8');
    await rename(temporary, path);
  } catch (thrown) {
    await rm(temporary, { force: true }).catch(() => {});
    throw outputError(path, thrown);
  }
}

/**
 * Writes a file inside a folder that is itself made whole before it takes its name (a run's partial
 * folder): the folder's rename is what makes its files whole, so they take no temporary names of
 * their own, and an interrupted write leaves only the partial folder, which a resume removes.
 */
export async function writeFileInPartial(path: string, content: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content, 'utf8');
  } catch (thrown) {
    throw outputError(path, thrown);
  }
}

/** Wall times (fields named `...Ms`) to the hundredth of a millisecond: finer digits are noise. */
export function roundTimes(key: string, value: unknown): unknown {
  return key.endsWith('Ms') && typeof value === 'number' ? Math.round(value * 100) / 100 : value;
}

/** One JSON value per line, wall times rounded. */
export function toJsonLines(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v, roundTimes) + '\n').join('');
}

/** Appends one JSON line, creating the folder when needed. */
export async function appendJsonLine(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await appendFile(path, JSON.stringify(value) + '\n', 'utf8');
}

/** How a whole line is written; tests put a failing one in place to see a full disk. */
export interface LineWriter {
  write(handle: FileHandle, bytes: Buffer): Promise<number>;
}

const systemWriter: LineWriter = {
  write: async (handle, bytes) => (await handle.write(bytes)).bytesWritten,
};

/**
 * Appends one JSON line whole or not at all: when the write fails or is short (a full disk), the
 * file is cut back to the length it had, so no cut-off line is ever left, and the failure is one line.
 */
export async function appendLineWhole(
  path: string,
  value: unknown,
  writer: LineWriter = systemWriter,
): Promise<void> {
  const bytes = Buffer.from(JSON.stringify(value) + '\n', 'utf8');
  let handle: FileHandle | undefined;
  let size = 0;
  try {
    await mkdir(dirname(path), { recursive: true });
    handle = await open(path, 'a');
    size = (await handle.stat()).size;
    const written = await writer.write(handle, bytes);
    // A system error as node raises it; the catch below turns it into an OutputError.
    // eslint-disable-next-line no-restricted-syntax
    if (written !== bytes.length) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
    await handle.sync();
  } catch (thrown) {
    if (handle) await handle.truncate(size).catch(() => {});
    throw outputError(path, thrown);
  } finally {
    await handle?.close().catch(() => {});
  }
}
