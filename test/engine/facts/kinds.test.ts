import { describe, expect, it } from 'vitest';
import { distillableKinds, loadKinds, normaliserOf } from '../../../engine/facts/kinds.js';
import { NORMALISERS } from '../../../engine/facts/normalise.js';
import { KindsError } from '../../../engine/errors.js';

function normalise(normaliser: string, name: string): string | undefined {
  return NORMALISERS.get(normaliser)?.normalise(name);
}

describe('fact name normalisers', () => {
  it('lowercase folds case and whitespace', () => {
    expect(normalise('lowercase', '  Release\n  CODENAME\t')).toBe('release codename');
  });

  it('path keeps the path and its case, strips ./ and collapses slashes', () => {
    expect(normalise('path', './docs//Storage.md')).toBe('docs/Storage.md');
    expect(normalise('path', '././src/./engine///facts/')).toBe('src/engine/facts');
    expect(normalise('path', '/etc/hosts')).toBe('/etc/hosts');
  });

  it('command collapses whitespace only', () => {
    expect(normalise('command', '  npm   run\tLint ')).toBe('npm run Lint');
  });

  it('identity changes nothing', () => {
    expect(normalise('identity', '  As Is  ')).toBe('  As Is  ');
  });
});

describe('subject kinds', () => {
  it('ships the kinds with their classes, normalisers and what the distiller may use', () => {
    const kinds = loadKinds();
    expect(kinds.get('preference')).toMatchObject({ temporalClass: 'permanent', distil: true });
    expect(kinds.get('entity')).toMatchObject({
      temporalClass: 'dynamic',
      normaliser: 'lowercase',
      distil: true,
    });
    expect(kinds.get('file')).toMatchObject({ normaliser: 'path', distil: false });
    expect(kinds.get('task')?.temporalClass).toBe('ephemeral');
    expect(kinds.get('service')).toMatchObject({ temporalClass: 'ephemeral', distil: false });
    const offered = distillableKinds(kinds).map((k) => k.subject);
    expect(offered).toContain('entity');
    expect(offered).not.toContain('file');
    expect(offered).not.toContain('command');
  });

  it('merges overrides: a change to a shipped kind and a whole new kind', () => {
    const kinds = loadKinds({
      file: { distil: true },
      ticket: {
        temporalClass: 'dynamic',
        normaliser: 'identity',
        description: 'Tracker tickets.',
        distil: true,
      },
    });
    expect(kinds.get('file')).toMatchObject({ normaliser: 'path', distil: true });
    const ticket = kinds.get('ticket');
    expect(ticket?.description).toBe('Tracker tickets.');
    expect(ticket && normaliserOf(ticket).normalise(' ABC-1 ')).toBe(' ABC-1 ');
    expect(loadKinds().get('ticket')).toBeUndefined();
  });

  it('refuses overrides of the wrong shape, naming the setting', () => {
    expect(() => loadKinds({ ticket: { temporalClass: 'dynamic' } })).toThrow(
      /facts\.kinds\.ticket: a new kind needs/,
    );
    expect(() => loadKinds({ file: { normaliser: 'soundex' } })).toThrow(KindsError);
    expect(() => loadKinds({ file: { temporalClass: 'forever' as never } })).toThrow(/temporalClass/);
    expect(() => loadKinds({ file: { distil: 'yes' as never } })).toThrow(/facts\.kinds\.file\.distil/);
    expect(() => loadKinds({ file: { colour: 'red' } as never })).toThrow(/colour: not a field/);
    expect(() => loadKinds({ 'Bad Name': { distil: true } })).toThrow(/subject is lower-case/);
  });
});
