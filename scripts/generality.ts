/**
 * The generality report: how the reader does on scenarios written on text it was not built around
 * (`../shared/generality/*\/scenario.yaml`, beside the repository), next to the built-in scenarios.
 * Each runs in-process at 32,768 tokens under `dropping` on the reader; the built-ins also run under
 * `failfast`, which never condenses. It prints, per scenario, the probes with an answer that came out
 * correct, wrong and abstained, what became of each question whose answer was never given, and how
 * often the run condensed (with none, everything was in view and every miss is the reader's); then
 * the totals and every miss.
 *
 *   npm run generality [-- FOLDER]
 *
 * FOLDER defaults to `../shared/generality` relative to the repository; without it, only the
 * built-in scenarios run. The generality scenarios are read where they are, never copied here.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunRecord } from '../records/run-record.js';
import {
  GENERALITY_HEADER,
  generalityFigures,
  generalityRow,
  generalityTotals,
} from '../reports/generality.js';
import { formatTable } from '../reports/text-table.js';
import { createModel } from '../runners/models/index.js';
import { runScenario } from '../runners/run/run-scenario.js';
import { builtinScenarioNames, resolveScenario } from '../scenarios/index.js';
import type { LoadedScenario } from '../scenarios/load.js';
import { loadScenarioFile } from '../scenarios/load.js';
import { resolveStrategy } from '../strategies/index.js';

const WINDOW = 32768;
const MODEL = 'reader';
const repository = fileURLToPath(new URL('..', import.meta.url));
const folder = path.resolve(repository, process.argv[2] ?? '../shared/generality');

async function generalityScenarios(): Promise<LoadedScenario[]> {
  if (!existsSync(folder)) {
    console.log(
      `generality: no folder ${folder}; skipping the generality scenarios, running the built-ins only`,
    );
    return [];
  }
  const found: LoadedScenario[] = [];
  for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const file = path.join(folder, entry.name, 'scenario.yaml');
    if (entry.isDirectory() && existsSync(file)) found.push(await loadScenarioFile(file));
  }
  console.log(`generality: ${found.length} scenarios from ${folder}`);
  return found;
}

async function run(loaded: LoadedScenario, strategy: string): Promise<RunRecord> {
  const spec = {
    scenario: loaded,
    strategy: resolveStrategy(strategy),
    model: MODEL,
    window: WINDOW,
    run: 0,
  };
  return (await runScenario(spec, createModel)).record;
}

const generality = await generalityScenarios();
const builtins = await Promise.all(builtinScenarioNames.map((name) => resolveScenario(name)));

const sets: { set: string; strategy: string; scenarios: LoadedScenario[] }[] = [
  { set: 'generality', strategy: 'dropping', scenarios: generality },
  { set: 'built-in', strategy: 'dropping', scenarios: builtins },
  { set: 'built-in', strategy: 'failfast', scenarios: builtins },
];
const results: { set: string; strategy: string; records: RunRecord[] }[] = [];
for (const { set, strategy, scenarios } of sets) {
  const records: RunRecord[] = [];
  for (const loaded of scenarios) records.push(await run(loaded, strategy));
  results.push({ set, strategy, records });
}

console.log(
  `at ${WINDOW.toLocaleString('en')} tokens on the ${MODEL}; correct, wrong and abstained count the probes with an answer`,
);
console.log('');
const rows = results.flatMap(({ set, records }) =>
  records.map((r) => generalityRow(set, generalityFigures(r))),
);
for (const line of formatTable(GENERALITY_HEADER, rows)) console.log(line);
console.log('');
for (const { set, strategy, records } of results) {
  if (records.length === 0) continue;
  console.log(generalityTotals(`${set} (${strategy})`, records.map(generalityFigures)));
}

const misses = results.flatMap(({ records }) =>
  records.flatMap((r) =>
    r.probes
      .filter((p) => p.verdict !== 'correct')
      .map(
        (p) =>
          `${r.scenario} ${r.strategy} ${p.id} (${p.expects === 'abstention' ? 'never given, answered' : p.verdict}): ${clip(p.reply)}`,
      ),
  ),
);
const failed = results.flatMap(({ records }) =>
  records
    .filter((r) => r.error)
    .map((r) => `${r.id}: failed at turn ${r.error?.turn ?? '-'}: ${r.error?.message}`),
);
if (misses.length + failed.length > 0) {
  console.log('');
  console.log('misses:');
  for (const line of [...failed, ...misses]) console.log(`  ${line}`);
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 137)}...` : line;
}
