/**
 * The baselines' strategies and settings: each resolves to its policy with its own settings recorded,
 * those settings stay out of every other strategy's record, and bad values are refused.
 */
import { describe, expect, it } from 'vitest';
import { SettingError } from '../../strategies/errors.js';
import { builtinStrategies, flattenSettings, resolveStrategy } from '../../strategies/index.js';
import { parseSetFlag } from '../../strategies/setting-names.js';

const baselineSettings = [
  'context.maskKeep',
  'context.summaryHead',
  'context.summaryTail',
  'context.trimKeep',
];

describe('the baselines as strategies', () => {
  it('are built in, each described with its source', () => {
    expect(builtinStrategies.get('masking')?.description).toContain('The Complexity Trap');
    expect(builtinStrategies.get('summary')?.description).toContain('OpenHands');
    expect(builtinStrategies.get('summary')?.description).toContain('CompactionSummary');
    expect(builtinStrategies.get('trim')?.description).toContain('CompactionTrim');
  });

  it('resolve to their policies with no layer of the engine on, and record the settings they read', () => {
    const recorded = (name: string) => flattenSettings(resolveStrategy(name).settings);
    for (const name of ['masking', 'summary', 'trim']) {
      expect(recorded(name)).toMatchObject({
        'context.cuts': false,
        'context.references': false,
        'facts.enabled': false,
      });
    }
    expect(recorded('masking')).toMatchObject({
      'context.policy': 'mask',
      'context.maskKeep': 10,
      'context.trimKeep': 0.7,
    });
    expect(recorded('summary')).toMatchObject({
      'context.policy': 'summarise',
      'context.summaryHead': 1,
      'context.summaryTail': 4,
    });
    expect(recorded('trim')).toMatchObject({ 'context.policy': 'trim', 'context.trimKeep': 0.7 });
    expect(Object.keys(recorded('trim'))).not.toContain('context.maskKeep');
  });

  it('fill in the settings of a policy chosen with --set, and leave them out of every other policy', () => {
    const masked = resolveStrategy('dropping', { 'context.policy': 'mask' }).settings.context;
    expect(masked).toMatchObject({ maskKeep: 10, trimKeep: 0.7 });
    for (const name of ['dropping', 'target', 'target+memory', 'failfast']) {
      const keys = Object.keys(flattenSettings(resolveStrategy(name).settings));
      expect(keys.filter((k) => baselineSettings.includes(k))).toEqual([]);
    }
  });

  it('take overrides of their settings', () => {
    const { settings } = resolveStrategy('masking', { 'context.maskKeep': 2 });
    expect(settings.context.maskKeep).toBe(2);
    expect(resolveStrategy('summary', { 'context.summaryHead': 0 }).settings.context.summaryHead).toBe(0);
  });
});

describe('the baselines’ settings on --set', () => {
  it('parse as the settings take them', () => {
    expect(parseSetFlag('context.policy=trim')).toEqual(['context.policy', 'trim']);
    expect(parseSetFlag('context.maskKeep=0')).toEqual(['context.maskKeep', 0]);
    expect(parseSetFlag('context.trimKeep=0.5')).toEqual(['context.trimKeep', 0.5]);
  });

  it('refuse values they cannot take, saying what they take', () => {
    expect(() => parseSetFlag('context.maskKeep=-1')).toThrow('it takes a whole number of 0 or more');
    expect(() => parseSetFlag('context.summaryTail=0')).toThrow('it takes a whole number of 1 or more');
    expect(() => parseSetFlag('context.trimKeep=1.5')).toThrow('it takes a number above 0 and at most 1');
    expect(() => parseSetFlag('context.policy=masking')).toThrow(
      'it takes target | condense | failFast | mask | summarise | trim',
    );
  });

  it('refuse masking with references on, naming what to set', () => {
    expect(() => resolveStrategy('target', { 'context.policy': 'mask' })).toThrow(SettingError);
    expect(() => resolveStrategy('target', { 'context.policy': 'mask' })).toThrow(
      'set context.references=false with it',
    );
  });
});
