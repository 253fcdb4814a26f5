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

/**
 * The longest `/regex/` source checked for backtracking. The automaton check grows with the pattern's
 * size, not with the machine's load; a longer pattern is refused up front, so that its verdict never
 * depends on how long a check was allowed to take.
 */
export const MAX_PATTERN_LENGTH = 1_000;

/** The smallest degree of polynomial backtracking refused: cubic time on a 100 KB request is hours. */
const REFUSED_DEGREE = 3;

interface Recheck {
  checkSync(
    source: string,
    flags: string,
    params?: {
      checker?: 'fuzz' | 'automaton';
      timeout?: number | null;
      incubationTimeout?: number | null;
      seedingTimeout?: number | null;
      randomSeed?: number;
    },
  ): {
    status: 'safe' | 'vulnerable' | 'unknown';
    complexity?: { type: string; degree?: number };
    error?: { kind: string; message?: string };
  };
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
 * Why a `/regex/flags` pattern could hang the scorer, or null: exponential backtracking, or
 * polynomial backtracking of cubic degree or more. Replies and requests are matched against these
 * patterns, so a pattern that backtracks catastrophically on a long text would stop the harness.
 *
 * The verdict depends on the pattern alone, never on time: recheck's automaton checker (an analysis
 * of the pattern's structure, with no fuzzing and no timeout) reads the pattern with its counted
 * repeats rewritten by `countedRepeatsBounded`, which keeps the automaton small.
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
  const source = regex[1];
  if (source.length > MAX_PATTERN_LENGTH)
    return `it is ${source.length} characters long, over the ${MAX_PATTERN_LENGTH} that the backtracking check reads`;
  const bounded = countedRepeatsBounded(source);
  const flags = regex[2] ?? '';
  if (atMostQuadratic(bounded, flags)) return null;
  // Fuzzing with a fixed seed and limits counted in steps, not milliseconds, gives the same verdict
  // on any machine; a polynomial verdict (a measured degree) is settled by the exact automaton.
  let result = recheck().checkSync(bounded, flags, fuzzing);
  if (result.status === 'vulnerable' && result.complexity?.type === 'polynomial')
    result = recheck().checkSync(bounded, flags, { checker: 'automaton', timeout: null });
  if (result.status === 'unknown')
    return `the backtracking check could not read it (${result.error?.message ?? result.error?.kind ?? 'no reason given'})`;
  if (result.status === 'safe') return null;
  const complexity = result.complexity;
  if (complexity?.type === 'exponential')
    return 'it can backtrack exponentially (a repeated group that can match the same text in more than one way)';
  const degree = complexity?.degree ?? 0;
  if (degree >= REFUSED_DEGREE)
    return `it can backtrack in time growing with the text's length to the power ${degree}`;
  return null;
}

/** recheck's fuzzing with every time limit off: its seed is fixed and its other limits count steps. */
const fuzzing = {
  checker: 'fuzz',
  timeout: null,
  incubationTimeout: null,
  seedingTimeout: null,
  randomSeed: 0,
} as const;

/** A counted repeat: `{m}`, `{m,}` or `{m,n}`, lazy or not. */
const countedRepeat = /^\{(\d+)(,(\d*))?\}/;

/**
 * The pattern with each counted repeat written as a plain one, for the backtracking check only. A
 * repeat of one character with an upper bound, as in `[^.]{0,40}` or `\d{2,4}`, multiplies the work
 * by a constant at most, so it reads as `?` (or as the character alone); a bounded repeat of a group
 * reads as `*` or `+`, which can only add ambiguity; `{m,}` reads as `*` or `+`. The check so never
 * says safe for a pattern that is not, and the automaton it builds stays as small as the pattern.
 */
export function countedRepeatsBounded(source: string): string {
  let out = '';
  let atomStart = 0;
  let atomIsGroup = false;
  const groupStarts: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    const repeat = char === '{' ? countedRepeat.exec(source.slice(i)) : null;
    if (repeat !== null) {
      const least = Number(repeat[1]);
      const most = repeat[2] === undefined ? least : repeat[3] === '' ? Infinity : Number(repeat[3]);
      i += repeat[0].length - 1;
      if (most <= 1 || (most !== Infinity && !atomIsGroup)) {
        if (most === 0) out = out.slice(0, atomStart);
        else if (least === 0) out += '?';
      } else {
        out += least === 0 ? '*' : '+';
      }
      continue;
    }
    if (char === '(') {
      groupStarts.push(out.length);
      out += char;
      continue;
    }
    const start = out.length;
    if (char === '\\') {
      out += source.slice(i, i + 2);
      i += 1;
    } else if (char === '[') {
      let end = i + 1;
      if (source[end] === '^') end += 1;
      for (; end < source.length && source[end] !== ']'; end++) if (source[end] === '\\') end += 1;
      out += source.slice(i, end + 1);
      i = end;
    } else {
      out += char;
    }
    if (char === ')') {
      atomStart = groupStarts.pop() ?? 0;
      atomIsGroup = true;
    } else {
      atomStart = start;
      atomIsGroup = false;
    }
  }
  return out;
}

/** An unbounded repeat: `*` or `+`, lazy or not. */
const unboundedRepeat = /^[*+]\??/;

/**
 * True when the pattern's shape alone shows it backtracks in at most quadratic time, so that the
 * slower checker is not needed (most scenario patterns, as `/\bthirty\s+days\b/i`). That holds when
 * every unbounded repeat applies to one character (none to a group, so no repeat can match the same
 * text in two ways), and each is followed by a literal character it cannot match (as `\s+` before
 * `d`: what it gives back fails at once), except perhaps the last repeat, with no repeat after it to
 * run again for each character it gives back. One start position then costs linear time, and the
 * search over start positions a factor more.
 */
export function atMostQuadratic(source: string, flags: string): boolean {
  if (flags.includes('v')) return false;
  const matchFlags = flags.replace(/[gy]/g, '');
  let ambiguous = 0;
  let atom: string | null = null;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    const repeat = unboundedRepeat.exec(source.slice(i));
    if (repeat !== null) {
      if (atom === null) return false;
      i += repeat[0].length;
      const follower = literalAt(source, i);
      // A repeat after one that gives back runs again for every character given back.
      if (ambiguous > 0) return false;
      if (follower === null || matchesOne(atom, follower.char, matchFlags)) ambiguous += 1;
      i -= 1;
      atom = null;
      continue;
    }
    if (char === '\\') {
      // A class of one character or an escaped punctuation mark; a back reference is not one.
      atom = /^\\(?:[dDwWsStnrfv]|[^\p{L}\p{N}])/u.test(source.slice(i, i + 2))
        ? source.slice(i, i + 2)
        : null;
      i += 1;
    } else if (char === '[') {
      let end = i + 1;
      if (source[end] === '^') end += 1;
      for (; end < source.length && source[end] !== ']'; end++) if (source[end] === '\\') end += 1;
      atom = source.slice(i, end + 1);
      i = end;
    } else {
      // A group's closing bracket is a group: repeating it is for the checker to judge.
      atom = char === ')' || char === '(' || char === '|' ? null : (char ?? null);
    }
  }
  return true;
}

/** Whether the one-character pattern `atom` matches `char`; false when it does not compile. */
function matchesOne(atom: string, char: string, flags: string): boolean {
  try {
    return new RegExp(`^(?:${atom})$`, flags).test(char);
  } catch {
    return true;
  }
}

/** The literal character at `i`, plain or escaped punctuation, or null for anything else. */
function literalAt(source: string, i: number): { char: string } | null {
  const char = source[i];
  if (char === undefined) return null;
  if (char === '\\') {
    const next = source[i + 1];
    return next !== undefined && /[^\p{L}\p{N}]/u.test(next) ? { char: next } : null;
  }
  return /[\\^$.|?*+()[\]{}]/.test(char) ? null : { char };
}
