/**
 * Writes the edition packs of the Tidewater workspace: in each pack's folder, an abridged edition of
 * every document a built-in scenario names there (`reading`'s review pack, the editions `codename`
 * reads), keeping each section that answers a probe of any built-in scenario.
 *
 *   npx tsx scripts/abridge-docs.ts
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentsNamedIn, editionOf, editionPacks } from '../scenarios/abridge.js';
import { builtinScenarios } from '../scenarios/index.js';

const workspace = fileURLToPath(new URL('../scenarios/workspaces/tidewater/', import.meta.url));
const scenarios = [...builtinScenarios.values()].map((entry) => entry.scenario);

for (const pack of editionPacks) {
  await mkdir(join(workspace, pack.folder), { recursive: true });
  for (const name of documentsNamedIn(pack, scenarios)) {
    const text = await readFile(join(workspace, 'docs', name), 'utf8');
    const edition = editionOf(text, scenarios, pack);
    await writeFile(join(workspace, pack.folder, name), edition);
    console.log(`${pack.folder}/${name}: ${Buffer.byteLength(text)} -> ${Buffer.byteLength(edition)} bytes`);
  }
}
