import { describe, expect, it } from 'vitest';
import { toCandidate } from '../../../../runners/models/reader/match.js';
import { pairBonus } from '../../../../runners/models/reader/support.js';

describe('pairs of the question said together', () => {
  const weights = new Map([
    ['alarm', 2],
    ['code', 1],
  ]);
  const pairs = [['alarm', 'code'] as const];

  it('add half the lighter word’s weight for a pair the sentence says side by side', () => {
    expect(pairBonus(pairs, toCandidate('The kiln raises alarm code 52.'), weights)).toBe(0.5);
    expect(pairBonus(pairs, toCandidate('A code on the panel sounds the alarm.'), weights)).toBe(0);
  });

  it('count a pair the name of the sentence’s file says side by side', () => {
    const sentence = toCandidate('If a kiln is not vented, the controller shows 41.');
    expect(pairBonus(pairs, sentence, weights)).toBe(0);
    expect(pairBonus(pairs, sentence, weights, ['alarm', 'code', 'txt'])).toBe(0.5);
    expect(pairBonus(pairs, sentence, weights, ['code', 'alarm'])).toBe(0.5);
    expect(pairBonus(pairs, sentence, weights, ['alarm', 'list', 'code'])).toBe(0);
  });
});
