/**
 * The source folder of a built-in scenario module. A scenario runs from its source file
 * (`scenarios/codename/index.ts`, through tsx or vitest) or from its compiled copy
 * (`dist/scenarios/codename/index.js`), but its workspace exists only beside the source, so the
 * folder a scenario's paths are relative to is always the source one.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The top of the tree this module runs in: the repository, or its dist/ when compiled. Only the
// repository holds a package.json.
const tree = new URL('..', import.meta.url);
const root = existsSync(new URL('package.json', tree)) ? tree : new URL('..', tree);

/** The folder of the module at `moduleUrl` (its `import.meta.url`), in the source tree, ending in a separator. */
export function sourceFolder(moduleUrl: string): string {
  const folder = new URL('.', moduleUrl).href;
  if (!folder.startsWith(tree.href)) return fileURLToPath(folder);
  return fileURLToPath(new URL(folder.slice(tree.href.length), root));
}
