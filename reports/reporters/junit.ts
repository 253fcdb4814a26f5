/**
 * junit.xml, in the common JUnit shape (Jenkins' junit-10.xsd): a testsuite per run, named by its
 * id, and a testcase per probe, named by the probe's id under the class
 * `<scenario>.<strategy>.<model>.w<window>`. A wrong answer is a <failure>. A probe with an answer
 * whose reply said it did not know is <skipped>: the model was honest and nothing was confidently
 * wrong, but the probe did not pass (CI shows it without failing the build on every small window).
 * A never-given probe passes when the reply abstained and fails when it answered. A run that failed
 * adds a testcase `run` with an <error>. A probe's time is the time of its turn.
 */
import { join } from 'node:path';
import type { ProbeResult, RunRecord } from '../../records/run-record.js';
import type { ReportContext, ReportFile, Reporter } from './reporter.js';

/** Text for an XML attribute or element, with the five special characters escaped and control
 * characters (which XML 1.0 cannot carry) dropped. */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${xmlText(String(value))}"`)
    .join('');
}

function turnMs(record: RunRecord, turn: number): number {
  const t = record.perTurn.find((x) => x.turn === turn);
  return t ? t.modelMs + t.engineMs + t.toolMs : 0;
}

function probeCase(
  record: RunRecord,
  probe: ProbeResult,
): { xml: string; outcome: 'pass' | 'failure' | 'skipped' } {
  const classname = `${record.scenario}.${record.strategy}.${record.model}.w${record.window}`;
  const open = `    <testcase${attributes({ name: probe.id, classname, time: seconds(turnMs(record, probe.turn)) })}`;
  const detail = xmlText(`turn ${probe.turn}\nquestion: ${probe.question}\nreply: ${probe.reply}`);
  if (probe.verdict === 'wrong') {
    const message =
      probe.expects === 'abstention' ? 'answered a question whose answer was never given' : 'wrong answer';
    return {
      xml: `${open}>\n      <failure${attributes({ message, type: 'wrong' })}>${detail}</failure>\n    </testcase>`,
      outcome: 'failure',
    };
  }
  if (probe.verdict === 'abstained') {
    const message = 'abstained: the reply said it did not know';
    return {
      xml: `${open}>\n      <skipped${attributes({ message })}/>\n      <system-out>${detail}</system-out>\n    </testcase>`,
      outcome: 'skipped',
    };
  }
  return { xml: `${open}/>`, outcome: 'pass' };
}

function runSuite(record: RunRecord): {
  xml: string;
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
} {
  const cases = record.probes.map((p) => probeCase(record, p));
  const lines = cases.map((c) => c.xml);
  let errors = 0;
  if (record.status === 'failed') {
    errors = 1;
    const message = record.error?.message ?? 'the run failed';
    const type = record.error?.code ?? 'FAILED';
    const classname = `${record.scenario}.${record.strategy}.${record.model}.w${record.window}`;
    lines.push(
      `    <testcase${attributes({ name: 'run', classname, time: seconds(0) })}>\n` +
        `      <error${attributes({ message, type })}>${xmlText(`turn ${record.error?.turn ?? '-'}: ${message}`)}</error>\n` +
        '    </testcase>',
    );
  }
  const failures = cases.filter((c) => c.outcome === 'failure').length;
  const skipped = cases.filter((c) => c.outcome === 'skipped').length;
  const tests = lines.length;
  const properties = (['scenario', 'strategy', 'model', 'window', 'run'] as const)
    .map((name) => `      <property${attributes({ name, value: record[name] })}/>`)
    .join('\n');
  const head = `  <testsuite${attributes({ name: record.id, tests, failures, errors, skipped, time: seconds(record.timing.totalMs) })}>`;
  const body = [`    <properties>\n${properties}\n    </properties>`, ...lines].join('\n');
  return { xml: `${head}\n${body}\n  </testsuite>`, tests, failures, errors, skipped };
}

/** The text of junit.xml. */
export function junitXml(records: readonly RunRecord[]): string {
  const suites = records.map(runSuite);
  const total = (key: 'tests' | 'failures' | 'errors') => suites.reduce((n, s) => n + s[key], 0);
  const time = records.reduce((n, r) => n + r.timing.totalMs, 0);
  const head = `<testsuites${attributes({ name: 'wisp-eval', tests: total('tests'), failures: total('failures'), errors: total('errors'), time: seconds(time) })}>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    head,
    ...suites.map((s) => s.xml),
    '</testsuites>',
    '',
  ].join('\n');
}

export function junitReporter(): Reporter {
  return {
    name: 'junit',
    finish: (records: readonly RunRecord[], { dir }: ReportContext): ReportFile[] => [
      { path: join(dir, 'junit.xml'), content: junitXml(records), mode: 'replace' },
    ],
  };
}
