/**
 * A scenario that does not meet the schema, said in one line: the step (by number and kind) and the
 * field of the first problem, and what was expected there in the writer's words ("step 2 (say):
 * unknown key 'reply' (a say step has say, script, evidence)"). A step is judged against the schema
 * of its own kind, so the message speaks of the step the writer meant.
 */
import type { z } from 'zod';
import { describeUnknownKey, type UnknownKey } from './unknown-keys.js';
import { answerExpectationSchema, stepKinds, stepSchemasByKind } from './schema.js';
import type { StepKind } from './schema.js';

type Issue = z.ZodError['issues'][number];
type PathSegment = PropertyKey;

/** Why `raw` fails the scenario schema with `error`: one line, without the file's name. */
export function schemaProblem(raw: unknown, error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return error.message;
  const [first, index] = issue.path;
  if (first === 'steps' && typeof index === 'number' && isRecord(raw) && Array.isArray(raw.steps)) {
    return describeStepProblem(raw.steps[index], index, issue);
  }
  return describeIssue(issue, raw);
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

export function stepLabel(index: number, kind?: StepKind): string {
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

export function formatPath(segments: readonly PathSegment[]): string {
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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A key the format does not have, where it is (`step 8 (ask): expect: unknown key ...`), before any
 * message of the schema's. A step of no kind with no near key is left to the schema's message, which
 * lists the kinds.
 */
export function unknownKeyProblem(raw: unknown, found: UnknownKey | undefined): string | undefined {
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
