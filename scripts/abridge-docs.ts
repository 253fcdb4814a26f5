/**
 * Writes the `reading` scenario's review pack: an abridged edition of every document of the Tidewater
 * workspace, keeping each section that answers a probe of any built-in scenario.
 *
 *   npx tsx scripts/abridge-docs.ts
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reviewEdition } from '../scenarios/abridge.js';
import { builtinScenarios } from '../scenarios/index.js';

const workspace = fileURLToPath(new URL('../scenarios/workspaces/tidewater/', import.meta.url));
const scenarios = [...builtinScenarios.values()].map((entry) => entry.scenario);

await mkdir(join(workspace, 'review'), { recursive: true });
for (const name of (await readdir(join(workspace, 'docs'))).sort()) {
  const text = await readFile(join(workspace, 'docs', name), 'utf8');
  const edition = reviewEdition(text, scenarios);
  await writeFile(join(workspace, 'review', name), edition);
  console.log(`review/${name}: ${Buffer.byteLength(text)} -> ${Buffer.byteLength(edition)} bytes`);
}
