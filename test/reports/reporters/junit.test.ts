import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { junitXml, xmlText } from '../../../reports/reporters/junit.js';
import type { RunRecord } from '../../../records/run-record.js';
import { probeFields } from '../probe-fields.js';
import { junitProblems } from '../junit-shape.js';
import { makeRecord } from '../record-fixture.js';

const parsed = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  }).parse(xml) as {
    testsuites: Record<string, string> & {
      testsuite: (Record<string, string> & { testcase: Record<string, unknown>[] })[];
    };
  };

function records(): RunRecord[] {
  const mixed = makeRecord({ correct: 2, wrong: 1, abstained: 1, totalMs: 1234 });
  mixed.probes.push({
    ...probeFields('correct', 'abstention'),
    id: 'chooser',
    question: 'Who chose it?',
    reply: "I don't know",
  });
  mixed.probes.push({
    ...probeFields('wrong', 'abstention'),
    id: 'deadline',
    question: 'When is it <due> & "why"?',
    reply: 'On Friday \u0007 <b>& then</b>',
  });
  mixed.score = { correct: 3, wrong: 2, abstained: 1, total: 6 };
  const failed = makeRecord({
    strategy: 'failfast',
    correct: 1,
    status: 'failed',
    error: { code: 'CONTEXT_DOES_NOT_FIT', message: 'the request does not fit 8192 tokens', turn: 4 },
  });
  return [mixed, failed];
}

describe('junit.xml', () => {
  it('conforms to the shape of the common JUnit schema', () => {
    expect(junitProblems(junitXml(records()))).toEqual([]);
    expect(junitProblems(junitXml([]))).toEqual([]);
  });

  it('is checked by a test that would see a departure', () => {
    const bad = junitXml(records())
      .replace('<testsuites name', '<testsuites skipped="1" name')
      .replace(
        /<skipped message="[^"]*"\/>\n(\s*)<system-out>([^<]*)<\/system-out>/,
        '<system-out>$2</system-out>\n$1<skipped/>',
      );
    expect(junitProblems(bad)).toEqual([
      'testsuites: <testsuites> has no attribute skipped',
      expect.stringMatching(/<skipped> is out of order in <testcase>/),
    ]);
  });

  it('has a suite per run, a case per probe: wrong a failure, abstained skipped, a failed run an error', () => {
    const xml = parsed(junitXml(records()));
    const [mixed, failed] = xml.testsuites.testsuite;
    expect(xml.testsuites).toMatchObject({ name: 'wisp-eval', tests: '8', failures: '2', errors: '1' });
    expect(mixed).toMatchObject({
      name: 'codename.target.reader.w8192.r0',
      tests: '6',
      failures: '2',
      errors: '0',
      skipped: '1',
      time: '1.234',
    });
    const byName = new Map(mixed?.testcase.map((c) => [c['name'], c]));
    expect(byName.get('correct-0')).toMatchObject({ classname: 'codename.target.reader.w8192' });
    expect(byName.get('correct-0')).not.toHaveProperty('failure');
    expect(byName.get('wrong-0')).toHaveProperty('failure.message', 'wrong answer');
    expect(byName.get('abstained-0')).toHaveProperty(
      'skipped.message',
      'abstained: the reply said it did not know',
    );
    expect(byName.get('chooser')).not.toHaveProperty('failure');
    expect(byName.get('deadline')).toHaveProperty(
      'failure.message',
      'answered a question whose answer was never given',
    );
    expect(failed).toMatchObject({ tests: '2', failures: '0', errors: '1' });
    expect(failed?.testcase[1]).toMatchObject({ name: 'run', error: { type: 'CONTEXT_DOES_NOT_FIT' } });
  });

  it('escapes what XML treats specially and drops what it cannot carry', () => {
    expect(xmlText(`<a href="x">'&'</a>\u0007`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    );
    expect(junitXml(records())).toContain('On Friday  &lt;b&gt;&amp; then&lt;/b&gt;');
  });
});
