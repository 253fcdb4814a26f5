/** Writing results safely: whole files through a temporary name, JSON lines appended at once. */
import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Writes a file whole: a temporary file first, then a rename over the target. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, 'utf8');
  await rename(temporary, path);
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
