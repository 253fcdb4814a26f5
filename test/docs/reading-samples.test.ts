/**
 * The docs' figures about `reading` under `target` at 8,192 tokens: the inspector's sample in
 * docs/report.md and the goal of 0.5 against 0.6 in docs/checkpoints.md, made again in-process.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../records/run-record.js';
import { bufferIO } from '../../runners/cli/io.js';
import { main } from '../../runners/cli/main.js';
import { blockStartingWith, readDoc } from './markdown.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-docs-reading-'));
  for (const [out, extra] of [
    ['goal-0.6', []],
    ['goal-0.5', ['--set', 'context.target=0.5']],
  ] as const) {
    const argv = ['run', '--scenario', 'reading', '--strategy', 'target', '--window', '8192', '--jobs', '1'];
    expect(await main([...argv, ...extra, '--out', join(dir, out)], bufferIO())).toBe(0);
  }
  // Two runs of a 47-turn scenario: seconds on a quiet machine, minutes on a busy one.
}, 300_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function recordOf(out: string): Promise<RunRecord> {
  return JSON.parse(
    (await readFile(join(dir, out, 'runs.jsonl'), 'utf8')).split('\n')[0] ?? '{}',
  ) as RunRecord;
}

describe('reading under target at 8,192 tokens, as the docs show it', () => {
  it('docs/report.md shows lines the inspector prints at turn 42, in order', async () => {
    const sample = blockStartingWith(readDoc('docs/report.md'), '$ npm run -s eval -- inspect ').text.split(
      '\n',
    );
    const argv = (sample[0] ?? '').replace('$ npm run -s eval -- ', '').split(' ');
    const io = bufferIO();
    expect(
      await main(
        argv.map((arg) => (arg === 'results/reading-...' ? join(dir, 'goal-0.6') : arg)),
        io,
      ),
    ).toBe(0);
    let from = 0;
    for (const line of sample.slice(1).filter((l) => l !== '  ...')) {
      const at = io.stdout.indexOf(line, from);
      expect(at, `not printed after line ${from}: ${line}`).toBeGreaterThanOrEqual(0);
      from = at + 1;
    }
  });

  it('docs/checkpoints.md: a goal of 0.5 condenses twice, not three times, and sends 6% fewer tokens at the same score', async () => {
    const [at06, at05] = [await recordOf('goal-0.6'), await recordOf('goal-0.5')];
    expect([at06.condensations.length, at05.condensations.length]).toEqual([3, 2]);
    expect([at06.score.correct, at05.score.correct, at05.score.total]).toEqual([6, 6, 13]);
    const tokens = (r: RunRecord) =>
      r.perTurn.reduce((sum, t) => sum + t.estimated.reduce((a, b) => a + b, 0), 0);
    expect(Math.round((1 - tokens(at05) / tokens(at06)) * 100)).toBe(6);
  });
});
