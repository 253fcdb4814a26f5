import { describe, expect, it } from 'vitest';
import type { LoadedScenario } from '../../scenarios/load.js';
import { defineScenario } from '../../scenarios/schema.js';
import {
  ParaphraseError,
  matchParaphrases,
  parseParaphraseFile,
  withVariant,
  type ParaphraseEntry,
} from '../../scripts/generality/paraphrase-input.js';

const toolbox: LoadedScenario = {
  scenario: defineScenario({
    name: 'toolbox',
    description: 'A port is stated, then asked for.',
    steps: [
      { say: 'The metrics endpoint listens on port 9464.' },
      { ask: 'Which port does the metrics endpoint listen on?', id: 'port', expect: { any: ['9464'] } },
      { ask: 'Who chose the port?', id: 'chooser', expect: { abstain: true } },
    ],
  }),
  dir: '/nowhere',
  source: 'built-in',
};

const variants = (stem: string) => [1, 2, 3, 4, 5].map((n) => `${stem} ${n}?`);
const entry = (over: Partial<ParaphraseEntry> = {}): ParaphraseEntry => ({
  scenario: 'toolbox',
  probe: 'port',
  original: 'Which port does the metrics endpoint listen on?',
  variants: variants('Metrics port'),
  ...over,
});
const lookup = (key: string) =>
  key === 'toolbox' ? toolbox : key === 'generality/gone' ? 'it does not load: bad pattern' : undefined;

describe('the paraphrase file', () => {
  it('parses a well-formed file', () => {
    const text = [
      'version: 1',
      'questions:',
      '  - scenario: toolbox',
      '    probe: port',
      '    original: "Which port?"',
      '    variants: ["a", "b", "c", "d", "e"]',
    ].join('\n');
    expect(parseParaphraseFile(text, 'q.yaml')).toEqual([
      { scenario: 'toolbox', probe: 'port', original: 'Which port?', variants: ['a', 'b', 'c', 'd', 'e'] },
    ]);
  });

  it('refuses a file that is not YAML, of another version, or with other than five variants, naming the file', () => {
    expect(() => parseParaphraseFile('a: [', 'q.yaml')).toThrow(/^q\.yaml: not YAML/);
    expect(() => parseParaphraseFile('version: 2\nquestions: []', 'q.yaml')).toThrow(/^q\.yaml: version/);
    const four = 'version: 1\nquestions:\n  - {scenario: s, probe: p, original: o, variants: [a, b, c, d]}';
    expect(() => parseParaphraseFile(four, 'q.yaml')).toThrow(/^q\.yaml: questions\.0\.variants/);
  });

  it('matches each entry to its probe, keeping the variants by probe id', () => {
    const match = matchParaphrases(
      [entry(), entry({ probe: 'chooser', original: 'Who chose the port?', variants: variants('Chooser') })],
      lookup,
      'q.yaml',
    );
    expect(match.unavailable).toEqual([]);
    expect(match.plans).toHaveLength(1);
    expect(match.plans[0]?.key).toBe('toolbox');
    expect([...(match.plans[0]?.variants.keys() ?? [])]).toEqual(['port', 'chooser']);
  });

  it('is an error, naming the file and the probe, when the scenario lacks the probe or asks it otherwise', () => {
    const problems = () =>
      matchParaphrases(
        [entry({ probe: 'owner' }), entry({ original: 'Which port is it?' }), entry({ scenario: 'fleet' })],
        lookup,
        'q.yaml',
      );
    expect(problems).toThrow(ParaphraseError);
    expect(problems).toThrow(
      [
        "q.yaml: scenario toolbox, probe owner: the scenario has no probe 'owner'",
        'q.yaml: scenario toolbox, probe port: the original "Which port is it?" is not the scenario\'s question "Which port does the metrics endpoint listen on?"',
        "q.yaml: scenario fleet, probe port: no scenario 'fleet'",
      ].join('\n'),
    );
    expect(() => matchParaphrases([entry(), entry()], lookup, 'q.yaml')).toThrow(
      'q.yaml: scenario toolbox, probe port: given more than once',
    );
  });

  it('leaves out, with the reason, the entries of a scenario that is not available', () => {
    const match = matchParaphrases(
      [entry(), entry({ scenario: 'generality/gone' }), entry({ scenario: 'generality/gone', probe: 'x' })],
      lookup,
      'q.yaml',
    );
    expect(match.plans.map((p) => p.key)).toEqual(['toolbox']);
    expect(match.unavailable).toEqual([
      { key: 'generality/gone', reason: 'it does not load: bad pattern', probes: 2 },
    ]);
  });

  it('asks every probe with variants in the variant given, leaving the rest of the conversation as it was', () => {
    const asked = withVariant(toolbox.scenario, new Map([['port', variants('Metrics port')]]), 2);
    expect(asked.steps).toEqual([
      toolbox.scenario.steps[0],
      { ...toolbox.scenario.steps[1], ask: 'Metrics port 3?' },
      toolbox.scenario.steps[2],
    ]);
    expect(asked.name).toBe('toolbox');
    expect(toolbox.scenario.steps[1]).toMatchObject({
      ask: 'Which port does the metrics endpoint listen on?',
    });
  });
});
