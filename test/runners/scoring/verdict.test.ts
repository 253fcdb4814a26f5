import { describe, expect, it } from 'vitest';
import { saysItDoesNotKnow, verdictFor } from '../../../runners/scoring/verdict.js';
import { matchesPattern, patternProblem } from '../../../scenarios/pattern.js';

describe('probe verdicts', () => {
  const expect_ = { any: ['BLUE HERON'], none: ['RED FOX'] };

  it('is correct when a pattern of any matches and none of none does', () => {
    expect(verdictFor('The codename is Blue Heron.', expect_)).toBe('correct');
  });

  it('is wrong when a forbidden value is also named', () => {
    expect(verdictFor('Blue heron, or was it red fox?', expect_)).toBe('wrong');
  });

  it('is abstained when nothing matches and the reply says it does not know', () => {
    expect(verdictFor("I don't know: nothing I can see says.", expect_)).toBe('abstained');
    expect(verdictFor('I do not know the codename.', expect_)).toBe('abstained');
  });

  it('is wrong when the reply confidently names something else', () => {
    expect(verdictFor('The codename is GREY OWL.', expect_)).toBe('wrong');
  });

  it('takes /regex/flags patterns', () => {
    expect(matchesPattern('release 4.2 ships', '/\\b4\\.2\\b/')).toBe(true);
    expect(matchesPattern('RELEASE', '/release/i')).toBe(true);
    expect(matchesPattern('RELEASE', '/release/')).toBe(false);
    expect(patternProblem('/(/')).toMatch(/Invalid regular expression|Unterminated group/);
    expect(patternProblem('plain text')).toBeNull();
  });

  it('on a question whose answer was never given, is correct when the reply says it does not know', () => {
    expect(verdictFor("I don't know: nothing I can see says.", { abstain: true })).toBe('correct');
    expect(verdictFor('I have no information about that.', { abstain: true })).toBe('correct');
  });

  it('on a question whose answer was never given, is wrong when the reply answers', () => {
    expect(verdictFor('The codename for the next release is BLUE HERON.', { abstain: true })).toBe('wrong');
    expect(verdictFor('', { abstain: true })).toBe('wrong');
  });

  it('recognises common ways of not knowing', () => {
    expect(saysItDoesNotKnow("I'm not sure which one.")).toBe(true);
    expect(saysItDoesNotKnow('It is in docs/a.md.')).toBe(false);
  });
});
