import { describe, expect, it } from 'vitest';
import { backtrackingProblem, nestedRepetition } from '../../scenarios/pattern.js';

describe('expectation patterns that could hang the scorer', () => {
  it('refuses exponential backtracking, whether by nesting or by overlapping choices', () => {
    expect(backtrackingProblem('/^(a+)+$/')).toMatch(/backtrack exponentially/);
    expect(backtrackingProblem('/(a|aa)+$/')).toMatch(/backtrack exponentially/);
  });

  it('accepts the patterns scenarios use, substrings among them', () => {
    for (const pattern of ['BLUE HERON', '/\\b15(th)?\\b/', '/senior (?:fare |discount |rate )?test/i'])
      expect(backtrackingProblem(pattern)).toBeNull();
  });

  it('knows the shape of nested repetition when the checker cannot decide in time', () => {
    expect(nestedRepetition('^(a+)+$')).toBe(true);
    expect(nestedRepetition('(\\w+\\s?)+$')).toBe(true);
    expect(nestedRepetition('(a{2,})*')).toBe(true);
    expect(nestedRepetition('([+*]+)+')).toBe(true);
    expect(nestedRepetition('ForwardX11\\b[^.]*\\bno\\b')).toBe(false);
    expect(nestedRepetition('((a)+)')).toBe(false);
    expect(nestedRepetition('(a|b)*c')).toBe(false);
  });
});
