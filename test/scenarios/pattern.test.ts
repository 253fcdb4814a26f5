import { afterEach, describe, expect, it, vi } from 'vitest';
import { atMostQuadratic, backtrackingProblem, countedRepeatsBounded } from '../../scenarios/pattern.js';

/** The licence-review scenario's pattern that a timed check refused or accepted by machine load. */
const FILED = String.raw`/\b(date|day|moment|point|time)\b[^.]{0,40}\bfiled\b/i`;

describe('expectation patterns that could hang the scorer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('refuses exponential backtracking, whether by nesting or by overlapping choices', () => {
    expect(backtrackingProblem('/^(a+)+$/')).toMatch(/backtrack exponentially/);
    expect(backtrackingProblem('/(a|aa)+$/')).toMatch(/backtrack exponentially/);
    expect(backtrackingProblem('/(\\w+\\s?)+$/')).toMatch(/backtrack exponentially/);
  });

  it('refuses polynomial backtracking of cubic degree, and accepts quadratic', () => {
    expect(backtrackingProblem('/.*.*=.*/')).toMatch(/to the power 3/);
    expect(backtrackingProblem('/ForwardX11\\b[^.]*\\bno\\b/i')).toBeNull();
  });

  it('accepts the patterns scenarios use, substrings among them', () => {
    for (const pattern of [
      'BLUE HERON',
      '/\\b15(th)?\\b/',
      '/senior (?:fare |discount |rate )?test/i',
      FILED,
    ])
      expect(backtrackingProblem(pattern)).toBeNull();
  });

  it('gives the same verdict on a machine so loaded that every clock reading is a second later', () => {
    // Each pattern is new to this test, so nothing comes from the check's memory of earlier verdicts.
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1_000));
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1_000));
    expect(backtrackingProblem(`${FILED.slice(0, -2)} /i`)).toBeNull();
    expect(backtrackingProblem('/(b|bb)+$/')).toMatch(/backtrack exponentially/);
    expect(backtrackingProblem('/^(b+)+$/')).toMatch(/backtrack exponentially/);
    expect(backtrackingProblem('/(x+y?)+z/')).toMatch(/backtrack exponentially/);
  });

  it('refuses a repeat of a repeat however it is counted, and a pattern too long to check', () => {
    expect(backtrackingProblem('/(a+){0,40}$/')).toMatch(/backtrack exponentially/);
    expect(backtrackingProblem('/(\\w+\\s*){1,30}\\bfiled\\b/i')).toMatch(/backtrack exponentially/);
    expect(backtrackingProblem(`/${'a'.repeat(1_001)}/`)).toMatch(/1001 characters long, over the 1000/);
  });
});

describe('counted repeats as the backtracking check reads them', () => {
  it('reads a bounded repeat of one character as at most one, and of a group as unbounded', () => {
    expect(countedRepeatsBounded('[^.]{0,40}x')).toBe('[^.]?x');
    expect(countedRepeatsBounded('\\d{2,4}-\\W{0,2}')).toBe('\\d-\\W?');
    expect(countedRepeatsBounded('(ab){2,3}(c|d){0,9}')).toBe('(ab)+(c|d)*');
    expect(countedRepeatsBounded('a{3,}b{0,}c{1}d{0,1}')).toBe('a+b*cd?');
  });

  it('leaves braces that are not a repeat, escaped characters and character classes alone', () => {
    expect(countedRepeatsBounded('\\{1,2\\}[{]{2}x{y')).toBe('\\{1,2\\}[{]x{y');
    expect(countedRepeatsBounded('[\\]{]{0,3}')).toBe('[\\]{]?');
  });
});

describe('the shape that needs no checker', () => {
  it('sees at most quadratic time where each repeat is of one character and gives back nothing', () => {
    expect(atMostQuadratic('may\\s+not\\s+charge\\s+a\\s+fee', 'i')).toBe(true);
    expect(atMostQuadratic('ForwardX11\\b[^.]*\\bno\\b', 'i')).toBe(true);
    expect(atMostQuadratic('\\bGCC 4\\.9\\b', '')).toBe(true);
  });

  it('leaves to the checker a repeated group, a back reference and two repeats that overlap', () => {
    expect(atMostQuadratic('(a+)+$', '')).toBe(false);
    expect(atMostQuadratic('(a)\\1+$', '')).toBe(false);
    expect(atMostQuadratic('.*.*=', '')).toBe(false);
    expect(atMostQuadratic('a\\s*\\s*b', '')).toBe(false);
    expect(atMostQuadratic('x\\s+S\\s+y', 'i')).toBe(true);
    expect(atMostQuadratic('x\\w+W\\w+y', 'i')).toBe(false);
  });
});
