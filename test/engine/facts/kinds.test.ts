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

  it('path trims the name, keeps the root and reads `.` as the workspace itself', () => {
    expect(normalise('path', '  ./docs/a.md \n')).toBe('docs/a.md');
    expect(normalise('path', '/')).toBe('/');
    expect(normalise('path', '.')).toBe('');
    expect(normalise('path', 'docs/')).toBe('docs');
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

  it('names the setting, the field and what it may be in each refusal', () => {
    const refusal = (overrides: Record<string, unknown>): string => {
      try {
        loadKinds(overrides as never);
      } catch (error) {
        expect(error).toBeInstanceOf(KindsError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ ticket: null })).toBe('facts.kinds.ticket: expected an object');
    expect(refusal({ file: [] })).toBe('facts.kinds.file: expected an object');
    expect(refusal({ file: 'path' })).toBe('facts.kinds.file: expected an object');
    expect(refusal({ file: { temporalClass: 3 } })).toBe(
      'facts.kinds.file.temporalClass: expected one of permanent, dynamic, ephemeral',
    );
    expect(refusal({ file: { normaliser: 'soundex' } })).toBe(
      'facts.kinds.file.normaliser: expected one of lowercase, path, command, identity',
    );
    expect(refusal({ file: { normaliser: 7 } })).toBe(
      'facts.kinds.file.normaliser: expected one of lowercase, path, command, identity',
    );
    for (const description of ['', '  ', 5]) {
      expect(refusal({ file: { description } })).toBe(
        'facts.kinds.file.description: expected a non-empty string',
      );
    }
    expect(refusal({ ticket: { temporalClass: 'dynamic' } })).toBe(
      'facts.kinds.ticket: a new kind needs normaliser, description, distil',
    );
    expect(refusal({ 'ticket two': { distil: true } })).toBe(
      'facts.kinds.ticket two: a subject is lower-case letters, digits, - or _',
    );
    expect(refusal({ file: { description: 'Files.' } })).toBe('accepted');
  });

  it('leaves names as they are under a kind whose normaliser is unknown', () => {
    const kind = {
      temporalClass: 'dynamic',
      normaliser: 'soundex',
      description: 'x',
      distil: false,
    } as const;
    expect(normaliserOf(kind).normalise(' As Is ')).toBe(' As Is ');
  });
});
