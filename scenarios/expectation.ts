/**
 * The patterns of a probe's expectation, as the scenario format defines them: a case-insensitive
 * substring, or `/regex/flags`. Scenario checks and the scorer read them through these two functions,
 * so what a scenario file is checked against is exactly what scoring will read.
 */

const regexForm = /^\/(.+)\/([a-z]*)$/s;

/** Whether `text` matches a pattern: `/regex/flags`, or a case-insensitive substring. */
export function matchesPattern(text: string, pattern: string): boolean {
  const regex = regexForm.exec(pattern);
  if (regex?.[1] !== undefined) return new RegExp(regex[1], regex[2]).test(text);
  return text.toLowerCase().includes(pattern.toLowerCase());
}

/** Checks a pattern, returning why it is bad, or null. */
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
