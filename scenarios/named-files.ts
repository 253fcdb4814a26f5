/**
 * The files a scenario's steps name, and those its workspace does not hold. A step that asks for a
 * file the workspace lacks measures nothing of the engine: no model can read it, and every probe on it
 * is lost before the run begins. `validate` and every run warn of such a step before anything runs.
 *
 * A file is named by a word of what the person types (a `say`, `ask` or `task` step) shaped as a path
 * relative to the workspace whose last part has an extension: `abridged/storage.md`, `README.md`,
 * `"src/fare.js"`. Absolute paths, paths that climb out (`..`), addresses (`://`) and abbreviations
 * such as `e.g.` are not workspace files; a folder (`docs/`) is not a file. A word without a `/`
 * counts only with an extension that some file of the workspace has, so that a host name
 * (`tw-prod-07.internal`) or a product (`Node.js` beside no `.js` file) is not taken for a file.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedScenario } from './load.js';
import type { Scenario, StepKind } from './schema.js';

/** A file a step names: the step's place (from 0), its kind and the path as written. */
export interface NamedFile {
  readonly step: number;
  readonly kind: StepKind;
  readonly path: string;
}

/** The workspace-relative file paths `text` names, in order, each once. */
export function filesNamed(text: string): string[] {
  const found: string[] = [];
  for (const word of text.split(/\s+/)) {
    const bare = word.replace(/^["'`(<[{*]+/, '').replace(/["'`)>\]}*,;:!?.]+$/, '');
    if (bare.length < 3 || bare.includes('://') || !/^[\w.@+-]+(?:\/[\w.@+-]+)*$/.test(bare)) continue;
    if (bare.split('/').some((part) => part === '..' || part === '.')) continue;
    // An abbreviation (e.g, i.e, U.S) has the shape of a name with an extension.
    if (/^(?:[A-Za-z]\.)+[A-Za-z]$/.test(bare)) continue;
    if (!/[\w-]\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(bare)) continue;
    if (!found.includes(bare)) found.push(bare);
  }
  return found;
}

/** The files each step the person types names, in step order. */
export function namedFiles(scenario: Scenario): NamedFile[] {
  return scenario.steps.flatMap((step, index) => {
    const [kind, text] =
      'say' in step
        ? (['say', step.say] as const)
        : 'ask' in step
          ? (['ask', step.ask] as const)
          : 'task' in step
            ? (['task', step.task] as const)
            : [undefined, ''];
    if (kind === undefined) return [];
    return filesNamed(text).map((file) => ({ step: index, kind, path: file }));
  });
}

/**
 * One warning line for each file a step names that the scenario's workspace does not hold (nothing
 * for a scenario without a workspace): the scenario's file (or a built-in's name), the step and the
 * path.
 */
export async function unheldFileWarnings(loaded: LoadedScenario): Promise<string[]> {
  const { scenario, dir, source } = loaded;
  if (scenario.workspace === undefined) return [];
  const folder = path.resolve(dir, scenario.workspace);
  const where = source === 'built-in' ? `scenario ${scenario.name}` : source;
  const extensions = new Set(
    (await readdir(folder, { recursive: true })).map((file) => path.extname(file).toLowerCase()),
  );
  const lines: string[] = [];
  for (const named of namedFiles(scenario)) {
    if (!named.path.includes('/') && !extensions.has(path.extname(named.path).toLowerCase())) continue;
    const held = await stat(path.join(folder, named.path)).then(
      (info) => info.isFile(),
      () => false,
    );
    if (!held)
      lines.push(
        `warning: ${where}: step ${named.step + 1} (${named.kind}) names ${named.path}, which the workspace ${scenario.workspace} does not hold`,
      );
  }
  return lines;
}
