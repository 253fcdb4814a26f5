import { describe, expect, it } from 'vitest';
import { genericSubjectStem } from '../../../../runners/models/reader/generic-subject.js';
import { stem } from '../../../../runners/models/reader/text.js';

describe('genericSubjectStem: a bare plural subject speaks of anyone of a kind', () => {
  it('finds the bare plural after the auxiliary of a question', () => {
    expect(genericSubjectStem('Which viewer release should teachers with old firmware install?')).toBe(
      stem('teachers'),
    );
    expect(genericSubjectStem('What do gardeners plant in March?')).toBe(stem('gardeners'));
    // "Ought" is a modal as "should" is.
    expect(genericSubjectStem('Which seeds ought gardeners to sow in March?')).toBe(stem('gardeners'));
  });

  it('finds none for a subject with an article or a possessive, a pronoun, a name or a singular', () => {
    expect(genericSubjectStem('Which viewer release should the teachers install?')).toBeUndefined();
    expect(genericSubjectStem('Which mirror do our engineers use?')).toBeUndefined();
    expect(genericSubjectStem('Which port do we open?')).toBeUndefined();
    expect(genericSubjectStem('What should Alice install?')).toBeUndefined();
    expect(genericSubjectStem('Which port does the lighthouse listen on?')).toBeUndefined();
    // Either singular or plural: no telling it is a generic plural.
    expect(genericSubjectStem('Which channel do news arrive on?')).toBeUndefined();
    expect(genericSubjectStem('Do teachers install the viewer?')).toBeUndefined();
  });
});
