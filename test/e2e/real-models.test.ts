import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bufferIO } from '../../runners/cli/io.js';
import { main } from '../../runners/cli/main.js';
import { startLoopbackServer, type LoopbackServer } from '../../runners/serve/server.js';
import type { RunRecord } from '../../records/run-record.js';

let dir: string;
let server: LoopbackServer;
let outs = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-real-models-'));
  // The OpenAI form's context size is fixed when the server starts, as llama.cpp's is.
  server = await startLoopbackServer({ context: 32768, openaiContext: 8192 });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  Object.assign(server.faults, {
    errors500: 0,
    slowMs: 0,
    badJson: false,
    noTools: false,
    unknownToolCall: null,
  });
});

/** Runs the command line with --json into a fresh folder; the records, both streams and the exit status. */
async function run(args: string[], env: Record<string, string> = {}) {
  const io = bufferIO();
  const out = join(dir, `out-${++outs}`);
  const status = await main(['run', ...args, '--out', out, '--json'], io, env);
  const records = io.stdout.map((line) => JSON.parse(line) as RunRecord);
  return { status, records, out, stdout: io.stdout, stderr: io.stderr };
}

const score = (r: RunRecord) => ({
  ...r.score,
  delivered: r.delivered,
  condensations: r.condensations.length,
});

describe('real models through the loopback server', () => {
  it('scores ollama:reader and openai:reader as the reader at the same window', async () => {
    const common = [
      '--scenario',
      'codename',
      '--strategy',
      'dropping',
      '--strategy',
      'target',
      '--window',
      '8192',
    ];
    const reader = await run([...common, '--model', 'reader']);
    const ollama = await run([...common, '--model', 'ollama:reader', '--host', server.url]);
    const openai = await run([...common, '--model', 'openai:reader', '--base-url', `${server.url}/v1`]);
    for (const other of [ollama, openai]) {
      expect(other.status).toBe(0);
      expect(other.records.map(score)).toEqual(reader.records.map(score));
    }
    expect(ollama.records[0]?.backend).toMatchObject({
      kind: 'ollama',
      url: server.url,
      contextLength: 32768,
    });
    expect(ollama.records[0]?.backend?.digest).toMatch(/^[0-9a-f]{64}$/);
    // The harness's time around each call is a figure of the record.
    expect(ollama.records[0]?.timing.calls?.count).toBe(ollama.records[0]?.modelCalls.turn);
  });

  it('finds OLLAMA_HOST when --host is not given', async () => {
    const { status, records } = await run(
      ['--scenario', 'codename', '--model', 'ollama:reader', '--window', '8192'],
      { OLLAMA_HOST: server.url },
    );
    expect(status).toBe(0);
    expect(records[0]?.backend?.url).toBe(server.url);
  });

  it('shows the requests whose front Ollama dropped, and with model.truncate=false goes through the overflow path', async () => {
    const common = [
      '--scenario',
      'digression',
      '--strategy',
      'dropping',
      '--window',
      '8192',
      '--host',
      server.url,
    ];
    const truncating = await run([...common, '--model', 'ollama:reader']);
    const record = truncating.records[0];
    expect(record?.truncated).toBeGreaterThan(0);
    const requests = (
      await readFile(join(truncating.out, 'runs', record?.id ?? '', 'requests.jsonl'), 'utf8')
    )
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { truncated?: boolean });
    expect(requests.filter((r) => r.truncated).length).toBe(record?.truncated);
    const audit = await readFile(join(truncating.out, 'runs', record?.id ?? '', 'audit.jsonl'), 'utf8');
    expect(audit).toContain('"truncated":true');
    // The reader in process drops the same fronts.
    const reader = await run(['--scenario', 'digression', '--strategy', 'dropping', '--window', '8192']);
    expect(reader.records[0]?.truncated).toBe(record?.truncated);

    const refusing = await run([...common, '--model', 'ollama:reader', '--set', 'model.truncate=false']);
    const refused = refusing.records[0];
    expect(refused?.truncated).toBe(0);
    expect(refused?.retries.overflow).toBeGreaterThan(0);
    expect(refused?.backend?.options).toMatchObject({ truncate: false });
  });

  it('records each failure as a failed run with one line, while the rest of the matrix runs', async () => {
    const gone = await startLoopbackServer();
    const down = gone.url;
    await gone.close();
    const cases: { args: string[]; fault?: () => void; message: RegExp }[] = [
      {
        args: ['--model', 'ollama:reader', '--host', down],
        message:
          /cannot reach Ollama at http:\/\/127\.0\.0\.1:\d+: is `ollama serve` running\? \(ECONNREFUSED\)/,
      },
      {
        args: ['--model', 'ollama:granite4.1:8b', '--host', server.url],
        message: /model granite4\.1:8b is not pulled at .*: run `ollama pull granite4\.1:8b`/,
      },
      {
        args: ['--model', 'ollama:reader', '--host', server.url, '--window', '65536'],
        message: /--window 65536 exceeds the 32768 tokens ollama:reader was trained for/,
      },
      {
        args: ['--model', 'ollama:reader', '--host', server.url],
        fault: () => (server.faults.noTools = true),
        message: /model reader does not support tools/,
      },
      {
        args: ['--model', 'ollama:reader', '--host', server.url],
        fault: () => (server.faults.errors500 = Infinity),
        message: /answered HTTP 500: .* \(after 2 retries\)/,
      },
      {
        args: ['--model', 'ollama:reader', '--host', server.url],
        fault: () => (server.faults.badJson = true),
        message: /sent a malformed response/,
      },
      {
        args: ['--model', 'openai:reader', '--base-url', `${down}/v1`],
        message: /cannot reach the OpenAI-compatible server/,
      },
    ];
    for (const c of cases) {
      server.faults.errors500 = 0;
      server.faults.noTools = false;
      server.faults.badJson = false;
      c.fault?.();
      const { status, records, out, stdout, stderr } = await run([
        '--scenario',
        'codename',
        ...c.args,
        '--model',
        'reader',
        ...(c.args.includes('--window') ? [] : ['--window', '8192']),
      ]);
      expect(status).toBe(3);
      const [failed, other] = records;
      expect(failed?.status).toBe('failed');
      expect(failed?.error?.code).toBe('MODEL_FAILED');
      expect(failed?.error?.message).toMatch(c.message);
      expect(failed?.error?.message).not.toContain('\n');
      expect(other?.status).toBe('completed');
      expect([...stdout, ...stderr].join('\n')).not.toMatch(/\n\s+at /);
      // Nothing half-written: both runs' folders are whole, and their records are in runs.jsonl.
      const folders = await readdir(join(out, 'runs'));
      expect(folders.some((f) => f.endsWith('.partial'))).toBe(false);
      expect((await readFile(join(out, 'runs.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(2);
    }
  });

  it('aborts a call past --timeout', async () => {
    server.faults.slowMs = 5000;
    const { status, records } = await run([
      '--scenario',
      'codename',
      '--model',
      'ollama:reader',
      '--host',
      server.url,
      '--timeout',
      '1',
    ]);
    expect(status).toBe(3);
    expect(records[0]?.error?.message).toMatch(/within 1 s \(--timeout\): the call was aborted/);
  });

  it('retries a passing server error and counts it', async () => {
    server.faults.errors500 = 1;
    const { status, records } = await run([
      '--scenario',
      'codename',
      '--model',
      'ollama:reader',
      '--host',
      server.url,
    ]);
    expect(status).toBe(0);
    expect(records[0]?.backend?.retries).toBe(1);
  });

  it('goes on after a call to a tool nobody registered', async () => {
    server.faults.unknownToolCall = 'launch_rockets';
    const { status, records, out } = await run([
      '--scenario',
      'codename',
      '--model',
      'ollama:reader',
      '--host',
      server.url,
    ]);
    expect(status).toBe(0);
    expect(records[0]?.status).toBe('completed');
    const audit = await readFile(join(out, 'runs', records[0]?.id ?? '', 'audit.jsonl'), 'utf8');
    expect(audit).toContain('there is no tool named \\"launch_rockets\\"');
  });
});

describe('model names and flags on the command line', () => {
  it('refuses a prefix with no model, an unknown prefix, and openai: without a server, with exit 2 and nothing written', async () => {
    for (const [args, message] of [
      [['--model', 'ollama:'], /model "ollama:" names no model: give ollama:<model>/],
      [['--model', 'vllm:qwen'], /"vllm:" is no model prefix \(the prefixes are ollama: and openai:\)/],
      [['--model', 'openai:qwen'], /give the server's address with --base-url/],
      [['--model', 'reader', '--set', 'model.truncate=maybe'], /model\.truncate takes true/],
      [['--model', 'reader', '--timeout', '0'], /--timeout 0/],
    ] as const) {
      const io = bufferIO();
      const out = join(dir, `refused-${++outs}`);
      expect(await main(['run', '--scenario', 'codename', ...args, '--out', out], io)).toBe(2);
      expect(io.stderr).toHaveLength(1);
      expect(io.stderr[0]).toMatch(message);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('lists the server prefixes among the models', async () => {
    const io = bufferIO();
    expect(await main(['list', 'models'], io)).toBe(0);
    expect(io.stdout.some((l) => l.startsWith('ollama:<model>'))).toBe(true);
    expect(io.stdout.some((l) => l.startsWith('openai:<model>'))).toBe(true);
  });
});

describe('a pool of Ollama hosts', () => {
  it('shares the runs between the hosts, one at a time on each, with the records of one host', async () => {
    const second = await startLoopbackServer({ context: 32768, openaiContext: 8192 });
    try {
      const common = ['--scenario', 'codename', '--strategy', 'dropping', '--window', '8192', '--runs', '4'];
      const one = await run([...common, '--model', 'ollama:reader', '--host', server.url]);
      server.received.length = 0;
      const pooled = await run([
        ...common,
        '--model',
        'ollama:reader',
        '--host',
        server.url,
        '--host',
        second.url,
      ]);
      expect(pooled.status).toBe(0);
      expect(pooled.records.map(score)).toEqual(one.records.map(score));
      // Both hosts answered chats.
      expect(server.received.length).toBeGreaterThan(0);
      expect(second.received.length).toBeGreaterThan(0);
      const plan = JSON.parse(await readFile(join(pooled.out, 'plan.json'), 'utf8')) as {
        modelOptions: { hosts: string[] };
      };
      expect(plan.modelOptions.hosts).toEqual([server.url, second.url]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
