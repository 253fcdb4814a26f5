/**
 * `--replay DIR` through `main()`: a results folder answers the same runs again call by call, a
 * request that differs fails its run as a replay mismatch (exit 1) naming the call, a run the folder
 * lacks fails with one line, and a folder that is not one is bad input. A run through `ollama:reader`
 * against the loopback server replays after the server is gone.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import type { RunRecord } from '../../../records/run-record.js';
import { startLoopbackServer } from '../../../runners/serve/server.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-replay-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const io = bufferIO();
  const status = await main(['run', '--jobs', '1', ...argv], io);
  return { status, out: io.stdout.join('\n'), err: io.stderr.join('\n'), stderr: io.stderr };
}

async function records(folder: string): Promise<RunRecord[]> {
  const text = await readFile(join(folder, 'runs.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RunRecord);
}

/** A record without its wall times and the replay mark: what a replay must reproduce exactly. */
function timeless(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(timeless);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'timing' && key !== 'replayed' && !key.endsWith('Ms'))
      .map(([key, item]) => [key, timeless(item)]),
  );
}

const MATRIX = [
  ...['--scenario', 'codename', '--scenario', 'digression'],
  ...['--strategy', 'dropping', '--strategy', 'target+memory'],
];

describe('run --replay', () => {
  let recorded: string;
  beforeAll(async () => {
    recorded = join(dir, 'recorded');
    const made = await cli(...MATRIX, '--out', recorded);
    expect(made.status).toBe(0);
  });

  it('replays a folder into identical records, with no model time and the replay marked', async () => {
    const out = join(dir, 'again');
    const again = await cli(...MATRIX, '--out', out, '--replay', recorded);
    expect(again.status).toBe(0);
    const [before, after] = [await records(recorded), await records(out)];
    expect(after).toHaveLength(4);
    expect(after.map(timeless)).toEqual(before.map(timeless));
    for (const record of after) {
      expect(record.replayed).toBe(true);
      expect(record.timing.modelMs).toBe(0);
      expect(record.perTurn.every((turn) => turn.modelMs === 0)).toBe(true);
    }
    const requests = await readFile(join(out, 'runs', after[0]?.id ?? '', 'requests.jsonl'), 'utf8');
    expect(requests).toContain('"durationMs":0,');
  });

  it('fails a run whose request differs, naming the call, its turn and purpose and the message', async () => {
    const out = join(dir, 'keep3');
    const run = await cli(...MATRIX, '--out', out, '--replay', recorded, '--set', 'context.keepTurns=3');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `wisp-eval: codename.dropping.reader.w8192.r0: replay mismatch at call 17 (turn 7, turn): message 1 (user) differs from the recording in ${recorded}`,
    );
    expect(run.stderr.at(-1)).toBe('wisp-eval: 2 runs did not replay as recorded (exit 1)');
    const byId = new Map((await records(out)).map((r) => [r.id, r]));
    const failed = byId.get('codename.dropping.reader.w8192.r0');
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatchObject({ code: 'REPLAY_MISMATCH', turn: 7 });
    expect(failed?.replayMismatch).toMatchObject({
      call: 17,
      turn: 7,
      purpose: 'turn',
      first: 'message 1 (user)',
    });
    const diff = failed?.replayMismatch?.diff ?? [];
    expect(diff[0]).toBe(
      `--- ${recorded} run codename.dropping.reader.w8192.r0 call 17 (turn 7, turn) (recorded)`,
    );
    expect(diff).toContain('-| Please read abridged/storage.md and summarise it.');
    expect(diff).toContain('+| Please read abridged/scheduling.md and summarise it.');
    // The text output shows the same diff under the failed run's line.
    expect(run.out).toContain('  -| Please read abridged/storage.md and summarise it.');
    // target+memory condenses to a token goal, not to a number of turns: its requests are unchanged.
    expect(byId.get('codename.target+memory.reader.w8192.r0')?.status).toBe('completed');
  });

  it('fails a run the folder has no recording of, in one line', async () => {
    const out = join(dir, 'missing');
    const run = await cli(
      '--scenario',
      'codename',
      '--strategy',
      'target',
      '--out',
      out,
      '--replay',
      recorded,
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `wisp-eval: codename.target.reader.w8192.r0: run codename.target.reader.w8192.r0 has no recording in ${recorded}: nothing to replay it from`,
    );
    const [record] = await records(out);
    expect(record?.error?.code).toBe('REPLAY_MISSING');
    expect(record?.turns).toBe(0);
  });

  it('refuses a folder that is not a results folder, writing nothing', async () => {
    const out = join(dir, 'never');
    const run = await cli('--scenario', 'codename', '--out', out, '--replay', join(dir, 'nowhere'));
    expect(run.status).toBe(2);
    expect(run.stderr).toEqual([`wisp-eval: ${join(dir, 'nowhere')}: no such folder`]);
    expect(existsSync(out)).toBe(false);
    const into = await cli('--scenario', 'codename', '--out', recorded, '--replay', recorded);
    expect(into.status).toBe(2);
    expect(into.err).toMatch(/cannot be written into the folder they replay/);
  });

  it('replays a recorded overflow as the failure it was', async () => {
    const args = ['--scenario', 'codename', '--strategy', 'failfast', '--model', 'reader-strict'];
    const first = join(dir, 'strict');
    expect((await cli(...args, '--out', first)).status).toBe(3);
    const out = join(dir, 'strict-again');
    expect((await cli(...args, '--out', out, '--replay', first)).status).toBe(3);
    const [before, after] = [await records(first), await records(out)];
    expect(before[0]?.error).toMatchObject({
      code: 'MODEL_FAILED',
      message: 'the model failed: context size exceeded: 8608 tokens for a window of 8192',
    });
    expect(after.map(timeless)).toEqual(before.map(timeless));
  });
});

describe('run --replay of a model behind a server', () => {
  it('replays ollama:reader after the server is stopped, failures included', async () => {
    const server = await startLoopbackServer({ context: 32768 });
    const args = ['--scenario', 'codename', '--model', 'ollama:reader', '--strategy', 'target'];
    const live = join(dir, 'ollama');
    const failing = join(dir, 'ollama-down');
    try {
      expect((await cli(...args, '--host', server.url, '--out', live)).status).toBe(0);
      server.faults.errors500 = Infinity;
      const down = await cli(...args, '--host', server.url, '--out', failing, '--timeout', '5');
      expect(down.status).toBe(3);
    } finally {
      await server.close();
    }
    for (const from of [live, failing]) {
      const out = `${from}-replayed`;
      const replayed = await cli(...args, '--host', server.url, '--out', out, '--replay', from);
      const [before, after] = [await records(from), await records(out)];
      expect(after.map(timeless)).toEqual(before.map(timeless));
      expect(replayed.status).toBe(from === live ? 0 : 3);
    }
    const [record] = await records(`${live}-replayed`);
    expect(record?.backend).toMatchObject({ kind: 'ollama', model: 'reader' });
  });
});

describe('recorded failures', () => {
  it('are thrown again as the error each was', async () => {
    const { recordedFailure } = await import('../../../runners/models/replay/index.js');
    const { ContextOverflowError, ModelFailure } = await import('../../../engine/index.js');
    const typed = recordedFailure('context size exceeded: 8608 tokens for a window of 8192');
    expect(typed).toBeInstanceOf(ContextOverflowError);
    expect(typed).toMatchObject({ limit: 8192, count: 8608 });
    const refused = recordedFailure('context size exceeded: the request does not fit a window of 4096');
    expect(refused).toMatchObject({ limit: 4096, count: null });
    expect(recordedFailure('Ollama at http://x answered HTTP 500: boom')).toBeInstanceOf(ModelFailure);
    const generic = recordedFailure('Provided 9000 tokens, but the maximum allowed is 8192');
    expect(generic).toBeInstanceOf(ModelFailure);
    expect(generic).not.toBeInstanceOf(ContextOverflowError);
    expect(generic.message).toBe('Provided 9000 tokens, but the maximum allowed is 8192');
  });
});

describe('recorded failures by their code', () => {
  it('are rebuilt from the code the recording keeps, whatever the message says', async () => {
    const { recordedFailure } = await import('../../../runners/models/replay/index.js');
    const { AnswerError, ContextOverflowError, ModelFailure } = await import('../../../engine/index.js');
    const overflow = recordedFailure('the server refused it', {
      code: 'CONTEXT_OVERFLOW',
      kind: 'run',
      limit: 4096,
      count: 5000,
    });
    expect(overflow).toBeInstanceOf(ContextOverflowError);
    expect(overflow).toMatchObject({ limit: 4096, count: 5000 });
    // Worded as a typed overflow, but recorded as a model failure: a model failure.
    const worded = recordedFailure('context size exceeded: 8608 tokens for a window of 8192', {
      code: 'MODEL_FAILED',
      kind: 'run',
    });
    expect(worded).toBeInstanceOf(ModelFailure);
    expect(worded).not.toBeInstanceOf(ContextOverflowError);
    const shape = recordedFailure('the answer has no choices', { code: 'MODEL_ANSWER_INVALID', kind: 'run' });
    expect(shape).toBeInstanceOf(AnswerError);
    expect(shape.message).toBe('the answer has no choices');
  });

  it("a run's failed call is recorded with its code, kind and the overflow's numbers, and replays the same", async () => {
    const out = join(dir, 'failed-call');
    const argv = ['--scenario', 'codename', '--strategy', 'failfast', '--model', 'reader-strict'];
    const made = await cli(...argv, '--window', '8192', '--out', out);
    const { loadCalls } = await import('../../../records/requests-file.js');
    const [record] = await records(out);
    const failed = (await loadCalls(join(out, 'runs', record?.id ?? ''))).filter(
      (c) => c.error !== undefined,
    );
    expect(failed.length).toBeGreaterThan(0);
    for (const call of failed) {
      expect(call.failure).toMatchObject({ code: 'CONTEXT_OVERFLOW', kind: 'run', limit: 8192 });
      expect(call.error).toBe(`context size exceeded: ${call.failure?.count} tokens for a window of 8192`);
    }
    const again = await cli(...argv, '--window', '8192', '--replay', out, '--out', `${out}-replayed`);
    expect(again.status).toBe(made.status);
    const [replayed] = await records(`${out}-replayed`);
    expect(timeless(replayed)).toEqual(timeless(record));
  });
});
