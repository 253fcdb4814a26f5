import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResultsError } from '../../records/errors.js';
import { combineRunRecords, parseRunRecords, readRunRecords } from '../../records/runs-file.js';
import { makeRecord } from '../reports/record-fixture.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-runs-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const line = (value: unknown) => JSON.stringify(value) + '\n';

async function folder(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await mkdir(path, { recursive: true });
  await writeFile(join(path, 'runs.jsonl'), text);
  return path;
}

describe('reading runs.jsonl', () => {
  it('gives back the records written, in order, blank lines allowed', async () => {
    const a = makeRecord({ run: 0, correct: 2 });
    const b = makeRecord({ run: 1, correct: 3 });
    const path = await folder('one', line(a) + '\n' + line(b));
    expect(await readRunRecords(path)).toEqual([a, b]);
  });

  it('names the file and line of a line that is not JSON, and says when the last one is cut off', () => {
    const text = line(makeRecord()) + '{"version":1,"id":';
    expect(() => parseRunRecords(text, 'x/runs.jsonl')).toThrow(
      new ResultsError('RESULTS_MALFORMED', 'x/runs.jsonl:2: not a JSON line (the last line is cut off)'),
    );
    expect(() => parseRunRecords('nope\n' + line(makeRecord()), 'x/runs.jsonl')).toThrow(
      'x/runs.jsonl:1: not a JSON line',
    );
  });

  it('names the file, line and field of a line that is no run record', () => {
    const bad = { ...makeRecord(), score: { correct: 'two', wrong: 0, abstained: 0, total: 1 } };
    expect(() => parseRunRecords(line(makeRecord()) + line(bad), 'r/runs.jsonl')).toThrow(
      /^r\/runs\.jsonl:2: not a run record: score\.correct: /,
    );
    expect(() => parseRunRecords(line({ ...makeRecord(), version: 2 }), 'r/runs.jsonl')).toThrow(
      /r\/runs\.jsonl:1: not a run record: version: /,
    );
    expect(() => parseRunRecords('[1,2]\n', 'r/runs.jsonl')).toThrow(/r\/runs\.jsonl:1: not a run record/);
  });

  it('names a folder that is missing, not a folder, or holds no runs.jsonl', async () => {
    await expect(readRunRecords(join(dir, 'nothing'))).rejects.toThrow(
      `${join(dir, 'nothing')}: no such folder`,
    );
    const file = join(dir, 'file');
    await writeFile(file, '');
    await expect(readRunRecords(file)).rejects.toThrow(`${file}: not a folder`);
    await mkdir(join(dir, 'empty'));
    await expect(readRunRecords(join(dir, 'empty'))).rejects.toThrow(
      `${join(dir, 'empty')}: no runs.jsonl in the folder`,
    );
  });
});

describe('combining results folders', () => {
  it('gives the union of their records, the same record in two kept once', async () => {
    const a = makeRecord({ run: 0 });
    const b = makeRecord({ run: 1 });
    const c = makeRecord({ run: 2 });
    const first = await folder('shard-1', line(a) + line(b));
    const second = await folder('shard-2', line(b) + line(c));
    expect(await combineRunRecords([first, second])).toEqual([a, b, c]);
  });

  it('refuses one run recorded twice with different content, naming both places', async () => {
    const first = await folder('shard-1', line(makeRecord({ run: 0, correct: 2 })));
    const second = await folder(
      'shard-2',
      line(makeRecord({ run: 1 })) + line(makeRecord({ run: 0, correct: 3 })),
    );
    const refused = combineRunRecords([first, second]);
    await expect(refused).rejects.toBeInstanceOf(ResultsError);
    await expect(combineRunRecords([first, second])).rejects.toThrow(
      `run codename.target.reader.w8192.r0 is recorded twice with different content: ` +
        `${join(first, 'runs.jsonl')}:1 and ${join(second, 'runs.jsonl')}:2`,
    );
  });

  it('refuses the same conflict inside one folder', async () => {
    const path = await folder('one', line(makeRecord({ correct: 1 })) + line(makeRecord({ correct: 2 })));
    await expect(readRunRecords(path)).rejects.toThrow(
      /recorded twice with different content: .*:1 and .*:2$/,
    );
  });
});

describe('report of folders holding one run twice, differing only in timings', () => {
  it('asks for --prefer, then keeps the first folder’s record or the last’s', async () => {
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    const fast = makeRecord({ totalMs: 100 });
    const slow = makeRecord({ totalMs: 900 });
    for (const [folder, record] of [
      [a, fast],
      [b, slow],
    ] as const) {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'runs.jsonl'), JSON.stringify(record) + '\n');
    }
    await expect(combineRunRecords([a, b])).rejects.toThrow(
      `run ${fast.id} is recorded twice, differing only in its timings: ${join(a, 'runs.jsonl')}:1 and ${join(b, 'runs.jsonl')}:1; give --prefer first or --prefer last`,
    );
    expect((await combineRunRecords([a, b], 'first')).map((r) => r.timing.totalMs)).toEqual([100]);
    expect((await combineRunRecords([a, b], 'last')).map((r) => r.timing.totalMs)).toEqual([900]);
    // Another difference is no matter of preference: the run is named.
    await writeFile(join(b, 'runs.jsonl'), JSON.stringify(makeRecord({ correct: 3 })) + '\n');
    await expect(combineRunRecords([a, b], 'last')).rejects.toThrow(
      `run ${fast.id} is recorded twice with different content`,
    );
  });
});
