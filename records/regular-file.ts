/**
 * Reading a file the harness expects to be an ordinary file: it is opened without waiting (a FIFO
 * opened for reading would block until a writer comes) and its kind is checked before any byte is
 * read, so a FIFO, a device or a socket is refused at once rather than hanging the harness or
 * reading without end.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** The code of the error raised for a path that is not a regular file. */
export const NOT_REGULAR = 'ENOTREGULAR';

/** What the refusal of a path that is not a regular file says. */
export const NOT_REGULAR_TEXT = 'not a regular file (a FIFO, a device or a socket)';

/**
 * The text of `path`, read whole, when it is a regular file. Anything else is refused with an error
 * coded {@link NOT_REGULAR} (a folder with EISDIR) before it is read; errors of the file system pass
 * through as node raises them, for the caller to name.
 */
export async function readRegularText(path: string): Promise<string> {
  return (await readRegularBytes(path)).toString('utf8');
}

/** The bytes of `path`, read whole, when it is a regular file; refused as {@link readRegularText} says. */
export async function readRegularBytes(path: string): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw systemError(`${path}: it is a folder`, 'EISDIR');
    if (!stats.isFile()) throw systemError(`${path}: ${NOT_REGULAR_TEXT}`, NOT_REGULAR);
    return await handle.readFile();
  } finally {
    await handle.close().catch(() => {});
  }
}

/** A system error as node raises one, so callers name it by its code like the others. */
function systemError(message: string, code: string): NodeJS.ErrnoException {
  // eslint-disable-next-line no-restricted-syntax
  return Object.assign(new Error(message), { code });
}
