/**
 * The run matchers of `wisp-eval/vitest/matchers`, registered by importing it, on runs made by the
 * harness: `codename` under `target` at 4,096 (the codename kept through facts and summary, two
 * condensations) and under `dropping` at 8,192 (the codename dropped, one probe answered wrong), the
 * latter being the run snapshots/ records. Each matcher passes, fails with its message, and says what
 * it saw when negated.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../../runners/vitest/register-matchers.js';
import { makeScenarioRuns, planScenario, type ScenarioRun } from '../../../runners/vitest/scenario-runs.js';

let out: string;
let kept: ScenarioRun;
let dropped: ScenarioRun;

async function onlyRun(strategy: string, window: number): Promise<ScenarioRun> {
  const plan = await planScenario('codename', { strategies: [strategy], windows: [window] });
  const [run, ...others] = [...(await makeScenarioRuns(plan, out)).values()].flat();
  if (run === undefined || others.length > 0) throw new Error(`expected one run of ${strategy} at ${window}`);
  return run;
}

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'wisp-matchers-'));
  kept = await onlyRun('target', 4096);
  dropped = await onlyRun('dropping', 8192);
}, 120_000);

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

describe('toKeepEvidence', () => {
  it('passes when the evidence step stayed in view through its channels', () => {
    expect(kept).toKeepEvidence('codename-kept');
    expect(kept.record).toKeepEvidence('codename-kept');
  });

  it('fails with the turn the evidence left the view at', () => {
    expect(() => expect(dropped).toKeepEvidence('codename-kept')).toThrow(
      'expected codename.dropping.reader.w8192.r0 to keep evidence codename-kept in view: it left the view at turn 7 (channels it was seen through: prompt)',
    );
  });

  it('says what it saw when negated, and names the steps a scenario declares', () => {
    expect(dropped).not.toKeepEvidence('codename-kept');
    expect(() => expect(kept).not.toKeepEvidence('codename-kept')).toThrow(
      /^expected codename\.target\.reader\.w4096\.r0 to lose evidence codename-kept, but it stayed in view over \d+ requests \(last through facts, summary, reply\)$/,
    );
    expect(() => expect(kept).toKeepEvidence('nothing-such')).toThrow(
      'codename.target.reader.w4096.r0 has no evidence step nothing-such: its scenario declares codename-kept',
    );
  });

  it('refuses what is not a run', () => {
    expect(() => expect({ id: 'x' }).toKeepEvidence('codename-kept')).toThrow(
      'expected a run (what describeScenario hands onRun) or a run record, got an object that is not one',
    );
  });
});

describe('toCondenseAtMost', () => {
  it('passes at or above the number of condensations', () => {
    expect(kept).toCondenseAtMost(2);
    expect(kept).toCondenseAtMost(5);
  });

  it('fails below it, naming the turns', () => {
    expect(() => expect(kept).toCondenseAtMost(1)).toThrow(
      'expected codename.target.reader.w4096.r0 to condense at most 1 times: it condensed 2 times, before turns 7, 8',
    );
    expect(() => expect(kept).not.toCondenseAtMost(2)).toThrow(
      'expected codename.target.reader.w4096.r0 to condense more than 2 times: it condensed 2 times, before turns 7, 8',
    );
  });

  it('refuses a bound that is not a whole number', () => {
    expect(() => expect(kept).toCondenseAtMost(-1)).toThrow(
      'toCondenseAtMost(-1): give a whole number of condensations, 0 or more',
    );
  });
});

describe('toHaveNoAlarm', () => {
  it('passes when every right answer had its evidence in view', () => {
    expect(kept).toHaveNoAlarm();
    expect(dropped).toHaveNoAlarm();
  });

  it('fails naming the probes answered right without their evidence', () => {
    const record = structuredClone(kept.record);
    const probe = record.probes.find((p) => p.id === 'codename');
    if (probe) probe.outcome = 'not-delivered-correct';
    expect(() => expect(record).toHaveNoAlarm()).toThrow(
      'expected codename.target.reader.w4096.r0 to raise no alarm: 1 probes were answered right with no evidence in view (codename)',
    );
    expect(() => expect(kept).not.toHaveNoAlarm()).toThrow(
      'expected codename.target.reader.w4096.r0 to raise the alarm, but every right answer had its evidence in view',
    );
  });
});

describe('toScoreAtLeast', () => {
  it('passes at or under the score', () => {
    expect(kept).toScoreAtLeast({ correct: 3 });
    expect(kept).toScoreAtLeast({ correct: 3, delivered: 2 });
  });

  it('fails over it, naming the wrong and abstained probes', () => {
    expect(() => expect(dropped).toScoreAtLeast({ correct: 4 })).toThrow(
      'expected codename.dropping.reader.w8192.r0 to score at least 4 correct: it scored 2/5 correct, 1/4 delivered (wrong: first-file; abstained: codename, gatehouse-port)',
    );
    expect(() => expect(kept).not.toScoreAtLeast({ correct: 3 })).toThrow(
      'expected codename.target.reader.w4096.r0 to score under 3 correct: it scored 3/5 correct, 2/4 delivered',
    );
  });

  it('refuses a figure it does not know', () => {
    expect(() => expect(kept).toScoreAtLeast({ right: 3 } as never)).toThrow(
      'toScoreAtLeast: give { correct: N } and/or { delivered: N }, not right',
    );
  });
});

describe('toSendSameRequestsAs', () => {
  it('passes for the run a snapshot records, replayed and compared call by call', async () => {
    await expect(dropped).toSendSameRequestsAs('codename.dropping.reader.w8192.r0');
    await expect(dropped).toSendSameRequestsAs('codename.dropping.reader.w8192.r0.snap');
  });

  it('fails for a run of another cell, and for a snapshot the manifest lacks', async () => {
    await expect(expect(dropped).toSendSameRequestsAs('codename.dropping.reader.w32768.r0')).rejects.toThrow(
      "codename.dropping.reader.w8192.r0 is not the run snapshot codename.dropping.reader.w32768.r0 records: its window is 8192, the snapshot's 32768",
    );
    await expect(expect(kept).toSendSameRequestsAs('codename.target.reader.w4096.r0')).rejects.toThrow(
      /^snapshot codename\.target\.reader\.w4096\.r0: no run of snapshots\/manifest\.json records it; its runs are codename\.dropping\.reader\.w8192\.r0, /,
    );
  });

  it('fails at the first call the run did not send as recorded', async () => {
    const copy = { ...dropped, dir: join(out, 'copy') };
    await cp(dropped.dir, copy.dir, { recursive: true });
    const requests = (await readFile(join(copy.dir, 'requests.jsonl'), 'utf8')).trimEnd().split('\n');
    await writeFile(join(copy.dir, 'requests.jsonl'), requests.slice(0, -1).join('\n') + '\n');
    await expect(expect(copy).toSendSameRequestsAs('codename.dropping.reader.w8192.r0')).rejects.toThrow(
      `expected codename.dropping.reader.w8192.r0 to send what codename.dropping.reader.w8192.r0 records: call ${requests.length} (turn 12, turn): the run made ${requests.length - 1} calls`,
    );
  });

  it('needs the run, not its record alone', async () => {
    await expect(
      expect(dropped.record).toSendSameRequestsAs('codename.dropping.reader.w8192.r0'),
    ).rejects.toThrow(
      "codename.dropping.reader.w8192.r0: toSendSameRequestsAs reads the run's requests from its folder: give it the run describeScenario hands onRun, not the record alone",
    );
  });

  it('says so when negated on a run that sent the same requests', async () => {
    await expect(
      expect(dropped).not.toSendSameRequestsAs('codename.dropping.reader.w8192.r0'),
    ).rejects.toThrow(
      /^expected codename\.dropping\.reader\.w8192\.r0 to send other requests than codename\.dropping\.reader\.w8192\.r0 records, but all \d+ were the same$/,
    );
  });
});
