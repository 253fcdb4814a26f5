/**
 * Loads a scenario from a `.json` or `.yaml` file, checks it against the schema and reports the
 * first problem as a one-line {@link ScenarioError} naming the file, the step and the field.
 */
import path from 'node:path';
import { parseDocument } from 'yaml';
import { MAX_DATA_DEPTH, nestedTooDeep } from './data-depth.js';
import type { z } from 'zod';
import { backtrackingProblem, patternProblem } from './pattern.js';
import { ScenarioError } from './errors.js';
import { checkWorkspace } from './workspace-folder.js';
import { readScenarioBytes, scenarioMaxBytes, type ScenarioBytes } from './scenario-bytes.js';
import { answerExpectationSchema, scenarioSchema, stepKinds, stepSchemasByKind } from './schema.js';
import type { Scenario, Step, StepKind } from './schema.js';
import { describeUnknownKey, firstUnknownKey, type UnknownKey } from './unknown-keys.js';
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

type Issue = z.ZodError['issues'][number];
type PathSegment = PropertyKey;

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
  const issue = result.error.issues[0];
  if (issue === undefined) throw new ScenarioError(`${source}: ${result.error.message}`);
  const [first, index] = issue.path;
  if (first === 'steps' && typeof index === 'number' && isRecord(raw) && Array.isArray(raw.steps)) {
    throw new ScenarioError(`${source}: ${describeStepProblem(raw.steps[index], index, issue)}`);
  }
  throw new ScenarioError(`${source}: ${describeIssue(issue, raw)}`);
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

/**
 * Parses the text of a `.json` or a `.yaml`/`.yml` file (by `file`'s extension) as scenario files
 * are parsed: a leading byte order mark is dropped in either, a key twice in one object is refused
 * in either, and a syntax error is one line naming the file, the line and the column.
 */
export function parseDataText(file: string, text: string): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const value = path.extname(file).toLowerCase() === '.json' ? parseJson(file, body) : parseYaml(file, body);
  const deep = nestedTooDeep(value);
  if (deep !== null) {
    // Named down to the last key given by name: the levels below it are only indexes or repeats.
    const named = deep.findLastIndex((segment) => typeof segment === 'string') + 1;
    const shown = deep.slice(0, Math.min(Math.max(named, 1), 12));
    throw new ScenarioError(
      `${file}: ${formatPath(shown)} holds lists and objects nested more than ${MAX_DATA_DEPTH} levels deep: give flatter data`,
    );
  }
  return value;
}

function parseJson(file: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    const position = /at position (\d+)/.exec(message)?.[1];
    const reason = lowerFirst(message.replace(/\s*(?:in JSON )?at position \d+.*$/s, ''));
    if (position === undefined) throw new ScenarioError(`${file}: JSON syntax error: ${reason}`);
    const { line, column } = lineAndColumn(text, Number(position));
    throw new ScenarioError(`${file}: JSON syntax error at line ${line}, column ${column}: ${reason}`);
  }
  const duplicate = duplicateJsonKey(text);
  if (duplicate !== undefined) {
    const { line, column } = lineAndColumn(text, duplicate.at);
    throw new ScenarioError(
      `${file}: JSON error at line ${line}, column ${column}: the key ${duplicate.key} is given twice in one object`,
    );
  }
  return value;
}

/**
 * The first key given twice in one object of valid JSON `text`, with its offset, or undefined: one
 * pass over the text, a set of keys for each object open at the point reached.
 */
export function duplicateJsonKey(text: string): { key: string; at: number } | undefined {
  // Each open container: the keys of an object so far, or null for an array.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = open[open.length - 1];
      if (expectKey && top) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.has(key)) return { key: JSON.stringify(key), at: i };
        top.add(key);
      }
      expectKey = false;
      i = end;
    } else if (c === '{') {
      open.push(new Set());
      expectKey = true;
    } else if (c === '[') {
      open.push(null);
    } else if (c === '}' || c === ']') {
      open.pop();
    } else if (c === ',') {
      expectKey = (open[open.length - 1] ?? null) !== null;
    }
  }
  return undefined;
}

function parseYaml(file: string, text: string): unknown {
  const doc = parseDocument(text);
  const error = doc.errors[0];
  if (error !== undefined) {
    const firstLine = error.message.split('\n')[0] ?? error.message;
    // The YAML parser recurses into flow collections: nesting deep enough overflows its stack.
    if (/maximum call stack size exceeded/i.test(firstLine))
      throw new ScenarioError(
        `${file}: YAML nests lists and objects too deeply to be read (more than ${MAX_DATA_DEPTH} levels are refused): give flatter data`,
      );
    const reason = lowerFirst(firstLine.replace(/\s*at line \d+, column \d+:?\s*$/, ''));
    const where = error.linePos?.[0];
    const at = where === undefined ? '' : ` at line ${where.line}, column ${where.col}`;
    throw new ScenarioError(`${file}: YAML syntax error${at}: ${reason}`);
  }
  try {
    return doc.toJS() as unknown;
  } catch (thrown) {
    throw new ScenarioError(
      `${file}: YAML error: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
    );
  }
}

/** Explains why step `index` failed, against the schema of the step's own kind. */
function describeStepProblem(step: unknown, index: number, issue: Issue): string {
  const allowed = stepKinds.join(', ');
  if (!isRecord(step)) {
    return `${stepLabel(index)}: expected an object with one of the keys ${allowed}, got ${typeName(step)}`;
  }
  const keys = Object.keys(step);
  const kinds = stepKinds.filter((kind) => kind in step);
  const [kind] = kinds;
  if (kind === undefined || kinds.length > 1) {
    const has = keys.length === 0 ? 'it has no keys' : `it has keys ${keys.join(', ')}`;
    const problem = kinds.length > 1 ? 'more than one step kind' : 'unknown step kind';
    return `${stepLabel(index)}: ${problem}: ${has}; a step has exactly one of ${allowed}`;
  }
  const variant = stepSchemasByKind[kind];
  const own = variant.safeParse(step);
  const ownIssue = own.success ? undefined : own.error.issues[0];
  if (ownIssue === undefined) return `${stepLabel(index, kind)}: ${issue.message}`;
  if (kind === 'ask' && ownIssue.path[0] === 'expect') {
    return `${stepLabel(index, kind)}: ${describeExpectationProblem(step.expect)}`;
  }
  let text = describeIssue(ownIssue, step);
  if (ownIssue.code === 'unrecognized_keys' && ownIssue.path.length === 0) {
    text += ` (a ${kind} step has ${Object.keys(variant.shape).join(', ')})`;
  }
  return `${stepLabel(index, kind)}: ${text}`;
}

/**
 * Why a probe's `expect` fits neither form: an answer (`any`, with `none`) or `abstain: true`. The
 * form is told by the `abstain` key, so the message speaks of the form the writer meant.
 */
function describeExpectationProblem(value: unknown): string {
  if (!isRecord(value)) {
    return `expect: expected an object, got ${typeName(value)}: { any, none } for an answer, or { abstain: true }`;
  }
  if (!('abstain' in value)) {
    if (!('any' in value)) {
      return 'expect.any: missing (expected a list of answers; or abstain: true alone, for a question whose answer was never given)';
    }
    const issue = answerExpectationSchema.safeParse(value).error?.issues[0];
    if (issue === undefined) return 'expect: expected { any, none } for an answer, or { abstain: true }';
    return describeIssue({ ...issue, path: ['expect', ...issue.path] }, { expect: value });
  }
  const others = Object.keys(value).filter((key) => key !== 'abstain');
  if (others.length > 0) {
    return (
      `expect: abstain cannot be mixed with ${others.join(', ')}: a probe expects either an answer ` +
      '(any, none) or, when its answer was never given, "I do not know" (abstain: true)'
    );
  }
  return (
    `expect.abstain: expected true, got ${JSON.stringify(value.abstain)}; ` +
    'for a question with an answer, leave abstain out and give any (and none)'
  );
}

function stepLabel(index: number, kind?: StepKind): string {
  return kind === undefined ? `step ${index + 1}` : `step ${index + 1} (${kind})`;
}

/** `field.path: what is wrong`, or just what is wrong for the root. */
function describeIssue(issue: Issue, root: unknown): string {
  const where = formatPath(issue.path);
  const what = describeProblem(issue, valueAt(root, issue.path));
  return where === '' ? what : `${where}: ${what}`;
}

function describeProblem(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined
        ? `missing (expected ${noun(issue.expected)})`
        : `expected ${noun(issue.expected)}, got ${typeName(value)}`;
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'array')
        return minimum === 1 ? 'expected a non-empty list' : `expected at least ${minimum} items`;
      if (issue.origin === 'string') {
        return minimum === 1 ? 'expected a non-empty string' : `expected at least ${minimum} characters`;
      }
      return `expected at least ${minimum}`;
    }
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
    case 'invalid_format':
      return `${issue.message}, got ${JSON.stringify(value)}`;
    default:
      return issue.message;
  }
}

function noun(expected: string): string {
  const nouns: Record<string, string> = {
    array: 'a list',
    object: 'an object',
    record: 'an object',
    string: 'a string',
    number: 'a number',
    int: 'an integer',
    boolean: 'true or false',
  };
  return nouns[expected] ?? expected;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' && !Number.isInteger(value)) return `a fraction (${value})`;
  return typeof value;
}

function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment))
      out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}

function valueAt(root: unknown, segments: readonly PathSegment[]): unknown {
  let value = root;
  for (const segment of segments) {
    if (Array.isArray(value) && typeof segment === 'number') value = value[segment] as unknown;
    else if (isRecord(value) && typeof segment === 'string') value = value[segment];
    else return undefined;
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
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

/**
 * A key the format does not have, where it is (`step 8 (ask): expect: unknown key ...`), before any
 * message of the schema's. A step of no kind with no near key is left to the schema's message, which
 * lists the kinds.
 */
function unknownKeyProblem(raw: unknown, found: UnknownKey | undefined): string | undefined {
  if (found === undefined) return undefined;
  const [first, index, ...rest] = found.path;
  const steps = isRecord(raw) ? raw.steps : undefined;
  if (first !== 'steps' || typeof index !== 'number' || !Array.isArray(steps))
    return [formatPath(found.path), describeUnknownKey(found)].filter((part) => part !== '').join(': ');
  const step: unknown = steps[index];
  const kind = isRecord(step) ? stepKinds.find((k) => k in step) : undefined;
  if (kind === undefined && found.nearest === undefined) return undefined;
  const holder =
    rest.length === 0 && kind !== undefined
      ? `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} step`
      : undefined;
  const where = [stepLabel(index, kind), formatPath(rest)].filter((part) => part !== '').join(': ');
  return `${where}: ${describeUnknownKey(found, holder)}`;
}
