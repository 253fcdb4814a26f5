/**
 * Loads a scenario from a `.json` or `.yaml` file, checks it against the schema and reports the
 * first problem as a one-line {@link ScenarioError} naming the file, the step and the field.
 */
import path from 'node:path';
import { parseDataText } from './data-text.js';
import { backtrackingProblem, patternProblem } from './pattern.js';
import { ScenarioError } from './errors.js';
import { checkWorkspace } from './workspace-folder.js';
import { readScenarioBytes, scenarioMaxBytes, type ScenarioBytes } from './scenario-bytes.js';
import { scenarioSchema, stepKinds } from './schema.js';
import { isRecord, schemaProblem, stepLabel, unknownKeyProblem } from './schema-problem.js';
import type { Scenario, Step, StepKind } from './schema.js';
import { firstUnknownKey } from './unknown-keys.js';
import { InternalError } from '../engine/index.js';

/** A scenario ready to run: the folder its workspace is relative to and where it came from. */
export interface LoadedScenario {
  readonly scenario: Scenario;
  /** The folder that `scenario.workspace` is relative to. */
  readonly dir: string;
  /** The file the scenario was read from, or `'built-in'`. */
  readonly source: string;
}

/** The file extensions a scenario file may have. */
export const scenarioFileExtensions = ['.json', '.yaml', '.yml'] as const;

/** Reads, parses and validates a scenario file; throws a {@link ScenarioError} on any problem. */
export async function loadScenarioFile(
  file: string,
  maxBytes: number | string = scenarioMaxBytes(process.env),
): Promise<LoadedScenario> {
  const ext = path.extname(file).toLowerCase();
  if (!(scenarioFileExtensions as readonly string[]).includes(ext)) {
    const shown = ext === '' ? 'no extension' : `unknown extension '${ext}'`;
    throw new ScenarioError(`${file}: ${shown}: a scenario file ends in .json, .yaml or .yml`);
  }
  if (typeof maxBytes === 'string') throw new ScenarioError(maxBytes);
  let read: ScenarioBytes;
  try {
    read = await readScenarioBytes(file, maxBytes);
  } catch (thrown) {
    throw new ScenarioError(`${file}: cannot read the file: ${describeFsError(thrown)}`);
  }
  if ('problem' in read) {
    if (read.code === 'EISDIR')
      throw new ScenarioError(`${file}: cannot read the file: it is a folder (EISDIR)`);
    throw new ScenarioError(`${file}: ${read.problem}`);
  }
  const raw = parseDataText(file, read.text);
  const loaded: LoadedScenario = {
    scenario: validateScenario(raw, file),
    dir: path.resolve(path.dirname(file)),
    source: file,
  };
  await checkScenario(loaded);
  return loaded;
}

/** Checks parsed data against the scenario schema; `source` names it in the error. */
export function validateScenario(raw: unknown, source: string): Scenario {
  if (raw === null || raw === undefined) throw new ScenarioError(`${source}: the file holds no scenario`);
  const unknownKey = unknownKeyProblem(raw, firstUnknownKey(scenarioSchema, raw));
  if (unknownKey !== undefined) throw new ScenarioError(`${source}: ${unknownKey}`);
  const result = scenarioSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new ScenarioError(`${source}: ${schemaProblem(raw, result.error)}`);
}

/**
 * The checks the schema cannot make: probe ids are unique within the scenario, an expectation
 * written as `/regex/flags` compiles, a resume names a transcript an earlier step saved, and the
 * workspace folder exists. Built-in scenarios get the
 * same checks when they are resolved.
 */
export async function checkScenario(loaded: LoadedScenario): Promise<void> {
  const { scenario, dir, source } = loaded;
  const firstUse = new Map<string, number>();
  const saved = new Set<string>();
  const evidenceIds = new Map<string, number>();
  scenario.steps.forEach((step, index) => {
    if (step.evidence !== undefined) checkEvidenceStep(source, step, index, evidenceIds);
    if ('save' in step) saved.add(step.save);
    if ('resume' in step && !saved.has(step.resume)) {
      throw new ScenarioError(
        `${source}: ${stepLabel(index, 'resume')}: resume: no earlier step saves '${step.resume}'`,
      );
    }
    if (!('ask' in step)) return;
    const earlier = firstUse.get(step.id);
    if (earlier !== undefined) {
      throw new ScenarioError(
        `${source}: ${stepLabel(index, 'ask')}: id: duplicate probe id '${step.id}' (first used in step ${earlier + 1})`,
      );
    }
    firstUse.set(step.id, index);
    if ('abstain' in step.expect) return;
    for (const list of ['any', 'none', 'evidence'] as const) {
      (step.expect[list] ?? []).forEach((entry, at) => {
        const problem = regexProblem(entry);
        if (problem !== undefined) {
          throw new ScenarioError(`${source}: ${stepLabel(index, 'ask')}: expect.${list}[${at}]: ${problem}`);
        }
      });
    }
  });
  if (scenario.workspace === undefined) return;
  await checkWorkspace(source, dir, scenario.workspace);
}

/** An evidence step's id is unique within the scenario, and each of its patterns compiles. */
function checkEvidenceStep(source: string, step: Step, index: number, ids: Map<string, number>): void {
  const evidence = step.evidence;
  if (evidence === undefined) return;
  const label = stepLabel(index, stepKind(step));
  const earlier = ids.get(evidence.id);
  if (earlier !== undefined) {
    throw new ScenarioError(
      `${source}: ${label}: evidence.id: duplicate evidence id '${evidence.id}' (first used in step ${earlier + 1})`,
    );
  }
  ids.set(evidence.id, index);
  evidence.any.forEach((entry, at) => {
    const problem = regexProblem(entry);
    if (problem !== undefined)
      throw new ScenarioError(`${source}: ${label}: evidence.any[${at}]: ${problem}`);
  });
}

/**
 * Why an expectation written as `/regex/flags` does not compile, or undefined. The pattern form is
 * the scorer's own (`patternProblem`), so what is checked here is exactly what scoring will read.
 */
export function regexProblem(entry: string): string | undefined {
  const reason = patternProblem(entry);
  if (reason !== null)
    return `${JSON.stringify(entry)} is read as /regex/flags and does not compile (${reason})`;
  const backtracking = backtrackingProblem(entry);
  if (backtracking !== null) return `pattern ${JSON.stringify(entry)} is refused: ${backtracking}`;
  return undefined;
}

/** The kind of a validated step: the one kind key it has. */
export function stepKind(step: Step): StepKind {
  const kind = stepKinds.find((k) => k in step);
  if (kind === undefined) throw new InternalError('a validated step always has a kind');
  return kind;
}

function describeFsError(thrown: unknown): string {
  const code = isRecord(thrown) && typeof thrown.code === 'string' ? thrown.code : undefined;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file',
    EACCES: 'permission denied',
    EISDIR: 'it is a folder',
  };
  if (code !== undefined) return `${reasons[code] ?? 'read failed'} (${code})`;
  return thrown instanceof Error ? thrown.message : String(thrown);
}
