/**
 * The generality report: how the reader does on scenarios written on text it was not built around
 * (`../shared/generality/*\/scenario.yaml`, beside the repository), next to the built-in scenarios;
 * how often a probe asked in other words keeps its verdict; and whether the reader opens a file when
 * asked for it in many wordings. Everything runs in-process at 32,768 tokens on the reader. See
 * docs/reader.md.
 *
 *   npm run generality [-- FOLDER] [--paraphrase DIR] [--skip-paraphrase] [--skip-reads] [--json]
 *
 * FOLDER defaults to `../shared/generality` relative to the repository, DIR to `../shared/paraphrase`
 * (its `questions.yaml` and `read-requests.yaml`); without one, its part is left out, saying so. With
 * --json, stdout holds one JSON object and nothing else. Exit 2 when the paraphrase files are out of
 * step with the scenarios; exit 1 when a scenario file of FOLDER does not load (the rest still run).
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RunRecord } from '../records/run-record.js';
import {
  GENERALITY_HEADER,
  generalityFigures,
  generalityRow,
  generalityTotals,
} from '../reports/generality-table.js';
import { generalityJsonSchema, setTotals, type GeneralityJson } from '../reports/generality-json.js';
import {
  PARAPHRASE_HEADER,
  changedLines,
  paraphraseFigures,
  paraphraseRow,
  paraphraseTotals,
  perVariantLines,
} from '../reports/paraphrase.js';
import { readRequestFigures, readRequestLines } from '../reports/read-request-figures.js';
import { formatTable } from '../reports/text-table.js';
import { builtinScenarioNames, resolveScenario } from '../scenarios/index.js';
import type { LoadedScenario } from '../scenarios/load.js';
import { loadScenarioFile } from '../scenarios/load.js';
import {
  matchParaphrases,
  parseParaphraseFile,
  type ParaphraseMatch,
} from './generality/paraphrase-input.js';
import { runParaphrases, type OriginalRun } from './generality/paraphrase-runs.js';
import {
  PATH_SHAPES,
  parseReadRequestFile,
  runReadRequests,
  type ReadTemplate,
} from './generality/read-requests.js';
import { MODEL, WINDOW, suiteRunner } from './generality/runs.js';

const repository = fileURLToPath(new URL('..', import.meta.url));
const USAGE =
  'usage: npm run generality [-- FOLDER] [--paraphrase DIR] [--skip-paraphrase] [--skip-reads] [--json]';

/** The command line, or exit 2 with one line saying what is wrong with it (0 and the usage for --help). */
function commandLine() {
  try {
    const parsed = parseArgs({
      allowPositionals: true,
      options: {
        paraphrase: { type: 'string' },
        'skip-paraphrase': { type: 'boolean', default: false },
        'skip-reads': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (parsed.values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (parsed.positionals.length > 1) refuse(`one FOLDER at most, got ${parsed.positionals.length}`);
    return parsed;
  } catch (thrown) {
    return refuse((thrown as Error).message.split('\n')[0] ?? '');
  }
}

/** Exit 2 with one line: what is wrong with the command line, and the usage. */
function refuse(problem: string): never {
  console.error(`generality: ${problem}; ${USAGE}`);
  process.exit(2);
}

const { values, positionals } = commandLine();
const folder = path.resolve(repository, positionals[0] ?? '../shared/generality');
const paraphraseFolder = path.resolve(repository, values.paraphrase ?? '../shared/paraphrase');
const json = values.json;
// With --json, stdout holds the JSON object alone: everything else goes to stderr.
const say = (line = '') => (json ? console.error(line) : console.log(line));

/** The generality scenarios by key (`generality/<folder>`), and the files that did not load. */
async function generalityScenarios(): Promise<{
  found: Map<string, LoadedScenario>;
  unloaded: { key: string; file: string; message: string }[];
}> {
  const found = new Map<string, LoadedScenario>();
  const unloaded: { key: string; file: string; message: string }[] = [];
  if (!existsSync(folder)) {
    say(`generality: no folder ${folder}; skipping the generality scenarios, running the built-ins only`);
    return { found, unloaded };
  }
  for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const file = path.join(folder, entry.name, 'scenario.yaml');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    try {
      found.set(`generality/${entry.name}`, await loadScenarioFile(file));
    } catch (thrown) {
      unloaded.push({ key: `generality/${entry.name}`, file, message: (thrown as Error).message });
    }
  }
  say(`generality: ${found.size} scenarios from ${folder}`);
  for (const { message } of unloaded) console.error(`generality: does not load, left out: ${message}`);
  return { found, unloaded };
}

/** The text of `name` in the paraphrase folder, or null (saying so) when it is not there. */
async function paraphraseText(name: string): Promise<string | null> {
  const file = path.join(paraphraseFolder, name);
  if (existsSync(file)) return readFile(file, 'utf8');
  say(`generality: no ${file}; leaving its part out`);
  return null;
}

const generality = await generalityScenarios();
const builtins = new Map<string, LoadedScenario>();
for (const name of builtinScenarioNames) builtins.set(name, await resolveScenario(name));

// The paraphrase and read-request files are checked before anything runs: a mismatch is exit 2.
let paraphrases: ParaphraseMatch | null = null;
let templates: ReadTemplate[] | null = null;
try {
  const questions = values['skip-paraphrase'] ? null : await paraphraseText('questions.yaml');
  if (questions !== null) {
    const file = path.join(paraphraseFolder, 'questions.yaml');
    const missingFolder = existsSync(folder) ? undefined : `no folder ${folder}`;
    const unloaded = new Map(generality.unloaded.map((u) => [u.key, `it does not load: ${u.message}`]));
    paraphrases = matchParaphrases(
      parseParaphraseFile(questions, file),
      (key) =>
        builtins.get(key) ??
        generality.found.get(key) ??
        unloaded.get(key) ??
        (key.startsWith('generality/') ? missingFolder : undefined),
      file,
    );
  }
  const reads = values['skip-reads'] ? null : await paraphraseText('read-requests.yaml');
  if (reads !== null)
    templates = parseReadRequestFile(reads, path.join(paraphraseFolder, 'read-requests.yaml'));
} catch (thrown) {
  for (const line of (thrown as Error).message.split('\n')) console.error(`generality: ${line}`);
  process.exit(2);
}

const runner = await suiteRunner();
const sets: { set: string; strategy: string; scenarios: [string, LoadedScenario][] }[] = [
  { set: 'generality', strategy: 'dropping', scenarios: [...generality.found] },
  { set: 'built-in', strategy: 'dropping', scenarios: [...builtins] },
  { set: 'built-in', strategy: 'failfast', scenarios: [...builtins] },
];
const results: { set: string; strategy: string; records: RunRecord[] }[] = [];
// The runs in the original wording that the paraphrase runs are set against: the generality set under
// dropping; the built-ins under failfast, since `reading` condenses under dropping at this window.
const originals = new Map<string, OriginalRun>();
for (const { set, strategy, scenarios } of sets) {
  const records: RunRecord[] = [];
  for (const [key, loaded] of scenarios) {
    const { record } = await runner.run(loaded, strategy);
    records.push(record);
    if (set === 'generality' || strategy === 'failfast') originals.set(key, { strategy, record });
  }
  results.push({ set, strategy, records });
}
const paraphraseRuns = paraphrases ? await runParaphrases(paraphrases.plans, originals, runner) : null;
const trials = templates ? await runReadRequests(templates, runner) : null;
await runner.close();

const shapes = PATH_SHAPES.map((s) => s.shape);
const paraphrase = paraphraseRuns ? paraphraseFigures(paraphraseRuns) : null;
const readRequests = trials ? readRequestFigures(trials, shapes) : null;
const figuresOf = (set: string, strategy: string) =>
  (results.find((r) => r.set === set && r.strategy === strategy)?.records ?? []).map(generalityFigures);

if (json) {
  const out: GeneralityJson = {
    version: 1,
    model: MODEL,
    window: WINDOW,
    generality: existsSync(folder) ? setTotals('dropping', figuresOf('generality', 'dropping')) : null,
    unloaded: generality.unloaded.map(({ file, message }) => ({ file, message })),
    builtin: setTotals('failfast', figuresOf('built-in', 'failfast')),
    builtinDropping: setTotals('dropping', figuresOf('built-in', 'dropping')),
    paraphrase:
      paraphrase && paraphrases
        ? {
            variants: paraphrase.variants,
            kept: paraphrase.kept,
            share: paraphrase.share,
            correct: paraphrase.correct,
            probes: paraphrase.probes,
            originalsCorrect: paraphrase.originalsCorrect,
            perScenario: paraphrase.perScenario,
            perVariant: paraphrase.perVariant,
            unavailable: paraphrases.unavailable,
          }
        : null,
    readRequests,
  };
  console.log(JSON.stringify(generalityJsonSchema.parse(out)));
} else {
  printText();
}
process.exitCode = generality.unloaded.length > 0 ? 1 : 0;

function printText(): void {
  say(
    `at ${WINDOW.toLocaleString('en')} tokens on the ${MODEL}; correct, wrong and abstained count the probes with an answer`,
  );
  say();
  const rows = results.flatMap(({ set, records }) =>
    records.map((r) => generalityRow(set, generalityFigures(r))),
  );
  for (const line of formatTable(GENERALITY_HEADER, rows)) say(line);
  say();
  for (const { set, strategy, records } of results) {
    if (records.length === 0) continue;
    say(generalityTotals(`${set} (${strategy})`, records.map(generalityFigures)));
  }
  for (const { file } of generality.unloaded) say(`generality: ${file} did not load and is left out`);

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
    say();
    say('misses:');
    for (const line of [...failed, ...misses]) say(`  ${line}`);
  }

  if (paraphrase && paraphraseRuns && paraphrases) {
    say();
    say(
      'paraphrase agreement: every probe asked in each of its five other wordings, one run per wording; ' +
        'generality scenarios under dropping, built-ins under failfast (dropping condenses reading at this window)',
    );
    say();
    for (const line of formatTable(PARAPHRASE_HEADER, paraphrase.perScenario.map(paraphraseRow))) say(line);
    say();
    say(paraphraseTotals(paraphrase));
    for (const line of perVariantLines(paraphrase)) say(line);
    for (const { key, reason, probes } of paraphrases.unavailable)
      say(`paraphrase: ${key} left out (${probes} probes): ${clip(reason)}`);
    for (const run of paraphraseRuns)
      for (const { variant, message } of run.failed)
        say(`paraphrase: ${run.scenario} variant #${variant} run failed: ${clip(message)}`);
    const changed = changedLines(paraphraseRuns.flatMap((r) => r.outcomes));
    if (changed.length > 0) {
      say();
      say('variants that changed their verdict (original -> variant):');
      for (const line of changed) say(`  ${line}`);
    }
  }

  if (readRequests) {
    say();
    say(
      `read requests: each template said with each path shape (${PATH_SHAPES.map((s) => `${s.shape} ${s.path}`).join(', ')}), ` +
        'after a turn that read another file (and, for read: false, after one that read the file itself)',
    );
    for (const line of readRequestLines(readRequests)) say(line);
  }
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 137)}...` : line;
}
