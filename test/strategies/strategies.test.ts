import { describe, expect, it } from 'vitest';
import { SettingError, UnknownStrategyError } from '../../strategies/errors.js';
import { builtinStrategies, resolveStrategy } from '../../strategies/index.js';
import { parseSetFlag, resolveSettings } from '../../strategies/setting-names.js';

describe('strategies', () => {
  it('resolves dropping to phase 2: the last four turns, cuts, references and facts off', () => {
    const { settings } = resolveStrategy('dropping');
    expect(settings.context).toMatchObject({
      policy: 'condense',
      keepTurns: 4,
      cuts: false,
      references: false,
    });
    expect(settings.facts.enabled).toBe(false);
  });

  it('applies a base first, then the strategy, then --set overrides', () => {
    const { settings } = resolveStrategy('failfast', { 'context.keepTurns': 6 });
    expect(settings.context.policy).toBe('failFast');
    expect(settings.context.keepTurns).toBe(6);
  });

  it('refuses an unknown strategy, listing the known ones', () => {
    expect(() => resolveStrategy('droping')).toThrow(UnknownStrategyError);
    expect(() => resolveStrategy('droping')).toThrow(
      `known strategies: ${[...builtinStrategies.keys()].join(', ')}`,
    );
  });
});

describe('--set', () => {
  it('parses numbers, booleans and choices as the setting takes them', () => {
    expect(parseSetFlag('context.target=0.5')).toEqual(['context.target', 0.5]);
    expect(parseSetFlag('context.memory=true')).toEqual(['context.memory', true]);
    expect(parseSetFlag('context.policy=failFast')).toEqual(['context.policy', 'failFast']);
  });

  it('refuses an unknown name, listing the known ones', () => {
    expect(() => parseSetFlag('context.budgett=0.5')).toThrow(SettingError);
    expect(() => parseSetFlag('context.budgett=0.5')).toThrow(
      /unknown setting "context.budgett"; known settings: context.policy, /,
    );
  });

  it('refuses a bad value, saying what the setting takes', () => {
    expect(() => parseSetFlag('context.target=1.5')).toThrow('it takes a number above 0 and at most 1');
    expect(() => parseSetFlag('context.cuts=yes')).toThrow('it takes true | false');
    expect(() => parseSetFlag('context.policy=sometimes')).toThrow('it takes target | condense | failFast');
    expect(() => parseSetFlag('context.keepTurns=2.5')).toThrow('whole number');
    expect(() => parseSetFlag('context.target')).toThrow('expected key=value');
  });

  it('checks settings given as values too, naming where they came from', () => {
    expect(() => resolveSettings({ 'facts.share': 'lots' }, 'checkpoint.json')).toThrow(
      /^checkpoint.json: facts.share=/,
    );
  });
});

describe('the assessment settings', () => {
  it('takes the assessment on and its two choices, and refuses a value it does not know', () => {
    expect(parseSetFlag('assessment.enabled=true')).toEqual(['assessment.enabled', true]);
    expect(parseSetFlag('assessment.taskChanges=any')).toEqual(['assessment.taskChanges', 'any']);
    expect(parseSetFlag('assessment.tools=task')).toEqual(['assessment.tools', 'task']);
    expect(() => parseSetFlag('assessment.tools=some')).toThrow(
      /assessment.tools=some is not allowed; it takes request \| task \| all/,
    );
  });

  it('resolves the two assessment strategies on top of target', () => {
    const restated = resolveStrategy('target+assessment').settings;
    expect(restated.assessment).toEqual({ enabled: true, taskChanges: 'restated', tools: 'request' });
    expect(restated.context.policy).toBe('target');
    const any = resolveStrategy('target+assessment-any').settings;
    expect(any.assessment).toEqual({ enabled: true, taskChanges: 'any', tools: 'request' });
    expect(resolveStrategy('target').settings.assessment.enabled).toBe(false);
  });
});
