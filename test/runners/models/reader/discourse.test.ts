import { describe, expect, it } from 'vitest';
import { pointsBack, refersBack, withAntecedents } from '../../../../runners/models/reader/discourse.js';

describe('pointsBack: a sentence that goes on from the one before it', () => {
  it('fires on a bare pronoun or demonstrative, and on a demonstrative with its noun', () => {
    expect(pointsBack('It restarts every night.')).toBe(true);
    expect(pointsBack('The firmware maps that key to a halt.')).toBe(true);
    expect(pointsBack('These limits come from the vendor.')).toBe(true);
  });

  it('does not fire on a sentence that names what it speaks of anew', () => {
    expect(pointsBack('The firmware maps the key to a halt.')).toBe(false);
    expect(pointsBack('The daemon reports that the port is free.')).toBe(false);
    expect(pointsBack('')).toBe(false);
  });
});

describe('a sentence with no subject', () => {
  it('leans on the one before it when it opens with its verb', () => {
    expect(refersBack('Defaults to 40 minutes.')).toBe(true);
    expect(refersBack('Takes a number of kiln shelves.')).toBe(true);
  });

  it('is no such sentence when a subject opens it', () => {
    expect(refersBack('Updates to the kiln log are rare.')).toBe(false);
    expect(refersBack('Kilns cool slowly.')).toBe(false);
    expect(refersBack('Firing takes six hours.')).toBe(false);
  });
});

describe('refersBack: a sentence that leans on the one before it', () => {
  it('fires on a bare demonstrative or "it" used as an argument', () => {
    expect(refersBack('You can switch this off with the `--quiet` flag.')).toBe(true);
    expect(refersBack('To undo these, run the cleanup task.')).toBe(true);
    expect(refersBack('That is the default.')).toBe(true);
    expect(refersBack('It restarts every night.')).toBe(true);
  });

  it('does not fire on a demonstrative that determines a noun, a joining "that" or a pronoun in code', () => {
    expect(refersBack('This option sets the log level.')).toBe(false);
    expect(refersBack('Use this `flag` for quiet output.')).toBe(false);
    expect(refersBack('The daemon reports that the port is free.')).toBe(false);
    expect(refersBack('Pick the mirror that is closest.')).toBe(false);
    expect(refersBack('Its logs rotate weekly.')).toBe(false);
    expect(refersBack('Run `git stash pop it` to restore.')).toBe(false);
  });
});

describe('withAntecedents', () => {
  it('pairs a sentence that refers back with the one before it in the same group, and no other', () => {
    const groups = [
      ['Saving a draft uploads its attachments.', 'You can switch this off.'],
      ['You can also turn this on again.'],
    ];
    expect(withAntecedents(groups)).toEqual([
      { sentence: 'Saving a draft uploads its attachments.' },
      { sentence: 'You can switch this off.', antecedent: 'Saving a draft uploads its attachments.' },
      // The first sentence of a paragraph has nothing before it to lean on.
      { sentence: 'You can also turn this on again.' },
    ]);
  });

  it('pairs a sentence that says "that N" with the one before only when asked to, as for a person', () => {
    const moved = [
      ['Change of plan: the kiln shelves arrive on 30 September.', 'Glazing moves to that date.'],
    ];
    expect(withAntecedents(moved)[1]).toEqual({ sentence: 'Glazing moves to that date.' });
    expect(withAntecedents(moved, true)[1]).toEqual({
      sentence: 'Glazing moves to that date.',
      antecedent: 'Change of plan: the kiln shelves arrive on 30 September.',
    });
  });

  it('follows a sentence the one before refers back to, one step further', () => {
    const chain = [
      'The old kilns fired at cone 6.',
      'This is still true for kilns built before 2019.',
      'To change this, edit kiln.toml.',
    ];
    expect(withAntecedents([chain])[2]).toEqual({
      sentence: 'To change this, edit kiln.toml.',
      antecedent: 'The old kilns fired at cone 6. This is still true for kilns built before 2019.',
    });
  });
});
