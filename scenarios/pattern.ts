/**
 * The patterns of a probe's expectation, as the scenario format defines them: a case-insensitive
 * substring, or `/regex/flags`. Scenario checks and the scorer read them through these two functions,
 * so what a scenario file is checked against is exactly what scoring will read.
 */

import { createRequire } from 'node:module';

const regexForm = /^\/(.+)\/([a-z]*)$/s;

/** Whether `text` matches a pattern: `/regex/flags`, or a case-insensitive substring. */
export function matchesPattern(text: string, pattern: string): boolean {
  const regex = regexForm.exec(pattern);
  if (regex?.[1] !== undefined) return new RegExp(regex[1], regex[2]).test(text);
  return text.toLowerCase().includes(pattern.toLowerCase());
}

/** Checks that a pattern compiles, returning why it does not, or null. */
export function patternProblem(pattern: string): string | null {
  const regex = regexForm.exec(pattern);
  if (regex?.[1] === undefined) return null;
  try {
    new RegExp(regex[1], regex[2]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** How long the backtracking check may take over one pattern (recheck's own default). */
const CHECK_TIMEOUT_MS = 10_000;

/** The smallest degree of polynomial backtracking refused: cubic time on a 100 KB request is hours. */
const REFUSED_DEGREE = 3;

interface Recheck {
  checkSync(
    source: string,
    flags: string,
    params?: { timeout?: number },
  ): { status: 'safe' | 'vulnerable' | 'unknown'; complexity?: { type: string; degree?: number } };
}

/**
 * recheck's pure JavaScript build, loaded on first use (it is large): the package's default entry
 * runs a native binary in a worker thread for its synchronous check, which a check at load time does
 * not need. `require` keeps the module once loaded.
 */
function recheck(): Recheck {
  return createRequire(import.meta.url)('recheck/lib/browser.js') as Recheck;
}

/**
 * Why a `/regex/flags` pattern could hang the scorer, or null: recheck (a ReDoS checker) finds
 * exponential backtracking, or polynomial backtracking of cubic degree or more, or cannot decide
 * within a second. Replies and requests are matched against these patterns, so a pattern that
 * backtracks catastrophically on a long text would stop the harness.
 */
export function backtrackingProblem(pattern: string): string | null {
  // A plan's scenarios are checked when it is made and again when it is run: a pattern once.
  let problem = checkedPatterns.get(pattern);
  if (problem === undefined) {
    problem = findBacktracking(pattern);
    checkedPatterns.set(pattern, problem);
  }
  return problem;
}

const checkedPatterns = new Map<string, string | null>();

function findBacktracking(pattern: string): string | null {
  const regex = regexForm.exec(pattern);
  if (regex?.[1] === undefined) return null;
  const result = recheck().checkSync(regex[1], regex[2] ?? '', { timeout: CHECK_TIMEOUT_MS });
  if (result.status === 'safe') return null;
  if (result.status === 'unknown') {
    // Undecided in time (a slow machine): the plain rule for exponential backtracking still holds.
    return nestedRepetition(regex[1])
      ? 'it repeats a group that itself repeats (star height above 1), which can backtrack exponentially'
      : null;
  }
  const complexity = result.complexity;
  if (complexity?.type === 'exponential')
    return 'it can backtrack exponentially (a repeated group that can match the same text in more than one way)';
  const degree = complexity?.degree ?? 0;
  if (degree >= REFUSED_DEGREE)
    return `it can backtrack in time growing with the text's length to the power ${degree}`;
  return null;
}

/**
 * True when a group repeated without bound holds a repetition without bound itself, as in `(a+)+`:
 * the shape of exponential backtracking. A scan of the source: escapes and character classes are
 * skipped, groups kept on a stack.
 */
export function nestedRepetition(source: string): boolean {
  const unbounded = /^(?:[*+]|\{\d+,\})/;
  const groups: boolean[] = [false];
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      i += 1;
    } else if (char === '[') {
      for (i += 1; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i += 1;
    } else if (char === '(') {
      groups.push(false);
    } else if (char === ')') {
      const inner = groups.pop() ?? false;
      const repeated = unbounded.test(source.slice(i + 1));
      if (repeated && inner) return true;
      if (repeated || inner) groups[groups.length - 1] = true;
    } else if (unbounded.test(source.slice(i))) {
      groups[groups.length - 1] = true;
    }
  }
  return false;
}
