/**
 * Whether the command line compiled into dist/ may run: it must exist, and no source file it is
 * compiled from may be newer than its output. The bin runs the sources through tsx when it may not,
 * and the test suite's setup builds it again.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The repository: the folder above bin/. */
export const root = join(import.meta.dirname, '..');

/** The folders tsconfig.build.json compiles into dist/, and the folders it leaves out of them. */
export const SOURCE_FOLDERS = ['engine', 'records', 'scenarios', 'strategies', 'runners', 'reports'];
export const EXCLUDED_FOLDERS = ['scenarios/workspaces'];

/** The compiled command line, relative to the repository. */
export const COMPILED_ENTRY = 'dist/runners/cli/launch.js';

/**
 * The state of dist/ under `at` (the repository by default): `missing` when it holds no compiled
 * command line, `stale` with the first source file (relative to `at`) that is newer than its output
 * or has none, else `current`. A `.ts` file's output is its `.js`; a `.json` file counts only when
 * it was copied, since tsc copies only the JSON that code imports.
 */
export function compiledState(at = root) {
  if (statSync(join(at, COMPILED_ENTRY), { throwIfNoEntry: false }) === undefined)
    return { state: 'missing' };
  for (const folder of SOURCE_FOLDERS) {
    const source = newerSource(at, folder);
    if (source !== undefined) return { state: 'stale', source };
  }
  return { state: 'current' };
}

/** The first source file under `folder` that is newer than its output in dist/, or has none. */
function newerSource(at, folder) {
  if (EXCLUDED_FOLDERS.includes(folder)) return undefined;
  let entries;
  try {
    entries = readdirSync(join(at, folder), { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      const found = newerSource(at, path);
      if (found !== undefined) return found;
      continue;
    }
    const isCode = entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts');
    if (!isCode && !entry.name.endsWith('.json')) continue;
    const output = statSync(join(at, 'dist', isCode ? path.replace(/\.ts$/, '.js') : path), {
      throwIfNoEntry: false,
    });
    if (output === undefined && !isCode) continue;
    if (output === undefined || output.mtimeMs < statSync(join(at, path)).mtimeMs) return path;
  }
  return undefined;
}
