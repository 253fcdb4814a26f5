/**
 * Reading a scenario file's bytes safely: a size limit checked before anything is read whole, only
 * regular files (a FIFO would block the harness), and text that is UTF-8 throughout, so a file in
 * another encoding is refused at its first bad byte rather than read with replacement characters.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';

/** The default limit on a scenario file's size: 5 MiB. */
export const SCENARIO_MAX_BYTES = 5 * 1024 * 1024;

/** The environment variable that changes the limit, in bytes. */
export const SCENARIO_MAX_BYTES_VARIABLE = 'WISP_EVAL_SCENARIO_MAX_BYTES';

/** The limit the environment sets, or the default; a value that is not a whole number of bytes is refused. */
export function scenarioMaxBytes(env: Readonly<Record<string, string | undefined>>): number | string {
  const raw = env[SCENARIO_MAX_BYTES_VARIABLE];
  if (raw === undefined || raw === '') return SCENARIO_MAX_BYTES;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1)
    return `${SCENARIO_MAX_BYTES_VARIABLE}=${JSON.stringify(raw)}: give a whole number of bytes, 1 or more`;
  return Number(raw);
}

/** Why reading failed, as the loader words it; `undefined` text means the bytes were read. */
export type ScenarioBytes = { text: string } | { problem: string; code?: string };

/** Reads `file` whole when it is a regular file of at most `maxBytes` bytes of UTF-8. */
export async function readScenarioBytes(file: string, maxBytes: number): Promise<ScenarioBytes> {
  // O_NONBLOCK: opening a FIFO for reading would wait for a writer; now the kind is checked first.
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) return { problem: 'it is a folder', code: 'EISDIR' };
    if (!stats.isFile()) return { problem: 'not a regular file' };
    if (stats.size > maxBytes) return { problem: tooLarge(stats.size, maxBytes) };
    // Read at most one byte past the limit: a file that grows while it is read is still bounded.
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > maxBytes) return { problem: tooLarge(length, maxBytes) };
    const bytes = buffer.subarray(0, length);
    const bad = invalidUtf8Offset(bytes);
    if (bad !== undefined)
      return {
        problem: `not UTF-8: byte ${bad} (0x${(bytes[bad] ?? 0).toString(16).padStart(2, '0')}) is not valid UTF-8; save the file as UTF-8`,
      };
    return { text: bytes.toString('utf8') };
  } finally {
    await handle.close();
  }
}

function tooLarge(size: number, maxBytes: number): string {
  return `the file is ${size} bytes, more than the limit of ${maxBytes} for a scenario file (${SCENARIO_MAX_BYTES_VARIABLE} changes it)`;
}

/** The offset (from 0) of the first byte that is not valid UTF-8, or undefined when all of it is. */
export function invalidUtf8Offset(bytes: Uint8Array): number | undefined {
  if (isUtf8(bytes)) return undefined;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    // The sequence's length and the range its second byte must fall in (no overlongs, no surrogates).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined) return i;
      const [min, max] = k === 1 ? [low, high] : [0x80, 0xbf];
      if (next < min || next > max) return i;
    }
    i += length;
  }
  return undefined;
}
