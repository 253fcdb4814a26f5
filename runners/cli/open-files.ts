/**
 * The line for running out of file descriptors. Under a low `ulimit -n` the harness cannot open its
 * own modules, and the failure read as a missing package or a stack trace; what it needs is a higher
 * limit, which this line says, with the limit in force. bin/wisp-eval.js says the same when the
 * command line cannot even be loaded.
 */
import { readFileSync } from 'node:fs';

/** The soft limit of open files of this process, from /proc/self/limits, when it can be read. */
function openFilesLimit(): string | null {
  try {
    return /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The errno code of `error` or of a cause of it, when it means no file descriptor was left. */
function descriptorsExhausted(error: unknown): 'EMFILE' | 'ENFILE' | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'EMFILE' || code === 'ENFILE') return code;
    if (/\bEMFILE\b/.test(current.message)) return 'EMFILE';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** One line saying the process ran out of open files and how to go on, or null for another error. */
export function tooManyOpenFiles(error: unknown): string | null {
  const code = descriptorsExhausted(error);
  if (code === null) return null;
  if (code === 'ENFILE')
    return 'wisp-eval: the machine has run out of open files (ENFILE): close other programs and run again';
  const limit = openFilesLimit();
  return `wisp-eval: too many open files (EMFILE): the limit of open files per process (ulimit -n) is ${limit ?? 'too low'}: raise it to 1024 or more and run again`;
}
