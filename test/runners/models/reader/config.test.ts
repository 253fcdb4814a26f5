import { describe, expect, it } from 'vitest';
import { looksLikeSettings, withSettingStatements } from '../../../../runners/models/reader/config.js';

describe('reading settings files', () => {
  const toml = ['[pond]', '# How long the pump runs after sunrise.', 'pump_hours = 4', 'owner = "Ada"'].join(
    '\n',
  );

  it('states each setting with its comment, section and key', () => {
    const lines = withSettingStatements(toml).split('\n').filter(Boolean);
    expect(lines).toContain('How long the pump runs after sunrise: pond pump_hours = 4.');
    expect(lines).toContain('pond owner = Ada.');
  });

  it('leaves prose alone, even prose with an equals sign', () => {
    const prose = 'The rule is simple: a = b holds.\nNothing else here.';
    expect(looksLikeSettings(prose)).toBe(false);
    expect(withSettingStatements(prose)).toBe(prose);
  });

  it('does not carry a comment across a blank line', () => {
    const text = ['[a]', '# about nothing', '', 'x = 1', 'y = 2'].join('\n');
    expect(withSettingStatements(text)).toContain('a x = 1.');
    expect(withSettingStatements(text)).not.toContain('about nothing: a x');
  });
});
