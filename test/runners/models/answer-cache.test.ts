/**
 * `--cache DIR`: a rerun answered from the cache makes no model call, a changed request misses,
 * parallel runs and two invocations at once share one cache, a writer killed with SIGKILL mid-write
 * leaves a cache that works, and `cache clear` empties only a cache.
 */
import { execa } from 'execa';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import {
  CACHE_MARK,
  cachedModel,
  openCache,
  readEntry,
  writeEntry,
} from '../../../runners/models/cache/answer-cache.js';
import { modelResponseSchema } from '../../../records/model-call.js';
import type { RunRecord } from '../../../records/run-record.js';
import { startLoopbackServer, type LoopbackServer } from '../../../runners/serve/server.js';
import { repoRoot } from '../../e2e/cli.js';

let dir: string;
let server: LoopbackServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-cache-'));
  server = await startLoopbackServer({ context: 32768 });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.received.length = 0;
});

const chats = () => server.received.filter((c) => c.path === '/api/chat').length;

async function cli(...argv: string[]) {
  const io = bufferIO();
  const status = await main(argv, io);
  return { status, out: io.stdout, err: io.stderr.join('\n') };
}

async function records(folder: string): Promise<RunRecord[]> {
  return (await readFile(join(folder, 'runs.jsonl'), 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RunRecord);
}

function ollamaRun(cache: string, out: string, ...more: string[]) {
  return cli(
    ...['run', '--scenario', 'codename', '--model', 'ollama:reader', '--host', server.url],
    ...['--cache', cache, '--out', out, ...more],
  );
}

describe('--cache', () => {
  it('answers a rerun without a model call, and calls again for a changed request', async () => {
    const cache = join(dir, 'cache-a');
    expect((await ollamaRun(cache, join(dir, 'a1'))).status).toBe(0);
    const calls = chats();
    expect(calls).toBeGreaterThan(10);
    const [first] = await records(join(dir, 'a1'));
    expect(first?.cache).toEqual({ hits: 0, misses: calls });

    server.received.length = 0;
    expect((await ollamaRun(cache, join(dir, 'a2'))).status).toBe(0);
    expect(chats()).toBe(0);
    const [again] = await records(join(dir, 'a2'));
    expect(again?.cache).toEqual({ hits: calls, misses: 0 });
    expect(again?.probes).toEqual(first?.probes);

    // Keeping three turns instead of four changes the requests from the first condensation on.
    expect((await ollamaRun(cache, join(dir, 'a3'), '--set', 'context.keepTurns=3')).status).toBe(0);
    const [changed] = await records(join(dir, 'a3'));
    expect(changed?.cache?.misses).toBeGreaterThan(0);
    expect(changed?.cache?.hits).toBeGreaterThan(0);
    expect(chats()).toBe(changed?.cache?.misses);

    // --no-cache calls every time and counts nothing.
    server.received.length = 0;
    expect((await ollamaRun(cache, join(dir, 'a4'), '--no-cache')).status).toBe(0);
    expect(chats()).toBe(calls);
    expect((await records(join(dir, 'a4')))[0]?.cache).toBeUndefined();
  });

  it('is shared by parallel runs and two invocations at once', async () => {
    const cache = join(dir, 'cache-b');
    const matrix = ['--strategy', 'dropping', '--strategy', 'target', '--jobs', '2'];
    const [one, two] = await Promise.all([
      ollamaRun(cache, join(dir, 'b1'), ...matrix),
      ollamaRun(cache, join(dir, 'b2'), ...matrix),
    ]);
    expect([one.status, two.status]).toEqual([0, 0]);
    server.received.length = 0;
    expect((await ollamaRun(cache, join(dir, 'b3'), ...matrix)).status).toBe(0);
    expect(chats()).toBe(0);
    const rerun = await records(join(dir, 'b3'));
    expect(rerun.every((r) => r.cache?.misses === 0)).toBe(true);
    const byId = new Map((await records(join(dir, 'b1'))).map((r) => [r.id, r]));
    for (const r of rerun) expect(r.probes).toEqual(byId.get(r.id)?.probes);
    const leftovers = (await readdir(cache, { recursive: true })).filter((f) => String(f).endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('works after a writer is killed with SIGKILL mid-write', async () => {
    const cache = join(dir, 'cache-c');
    await openCache(cache);
    const module = join(repoRoot, 'runners/models/cache/answer-cache.ts');
    // Entries of 2 MB each, written as fast as the writer can, until it is killed.
    const script = `
      const { writeEntry } = await import(${JSON.stringify(module)});
      const { createHash } = await import('node:crypto');
      const big = { text: 'x'.repeat(2_000_000), toolCalls: [] };
      for (let i = 0; ; i++) {
        const key = createHash('sha256').update(String(i)).digest('hex');
        await writeEntry(${JSON.stringify(cache)}, key, { name: 'm', digest: null, options: {} }, big);
        if (i === 2) process.stdout.write('going\\n');
      }`;
    const child = execa('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
      reject: false,
    });
    await new Promise<void>((resolve) => child.stdout?.on('data', () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill('SIGKILL');
    await child;
    const files = (await readdir(cache, { recursive: true })).map(String);
    const entries = files.filter((f) => f.endsWith('.json') && f !== CACHE_MARK);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const file of entries) {
      const key =
        file
          .split('/')
          .at(-1)
          ?.replace(/\.json$/, '') ?? '';
      expect(await readEntry(cache, key, modelResponseSchema)).toMatchObject({ toolCalls: [] });
    }
    // A half-written file under an entry's name (a copy cut short) reads as a miss and is written again.
    const key = createHash('sha256').update('cut').digest('hex');
    await mkdir(join(cache, key.slice(0, 2)), { recursive: true });
    await writeFile(join(cache, key.slice(0, 2), `${key}.json`), '{"format":1,"key":"');
    expect(await readEntry(cache, key, modelResponseSchema)).toBeNull();
    // So does a whole entry whose answer is not an answer of its kind (edited by hand, say).
    await writeEntry(cache, key, { name: 'm', digest: null, options: {} }, { text: 7, toolCalls: [] });
    expect(await readEntry(cache, key, modelResponseSchema)).toBeNull();
    await writeEntry(cache, key, { name: 'm', digest: null, options: {} }, { text: 'ok', toolCalls: [] });
    expect(await readEntry(cache, key, modelResponseSchema)).toEqual({ text: 'ok', toolCalls: [] });
    // And the cache still answers a run.
    expect((await ollamaRun(cache, join(dir, 'c1'))).status).toBe(0);
    server.received.length = 0;
    expect((await ollamaRun(cache, join(dir, 'c2'))).status).toBe(0);
    expect(chats()).toBe(0);
  });

  it('never caches the offline models, and is cleared only when it is a cache', async () => {
    const cache = join(dir, 'cache-d');
    const run = await cli('run', '--scenario', 'codename', '--cache', cache, '--out', join(dir, 'd1'));
    expect(run.status).toBe(0);
    expect((await records(join(dir, 'd1')))[0]?.cache).toBeUndefined();
    expect((await readdir(cache)).sort()).toEqual([CACHE_MARK]);

    expect((await ollamaRun(cache, join(dir, 'd2'))).status).toBe(0);
    const cleared = await cli('cache', 'clear', cache);
    expect(cleared.status).toBe(0);
    expect(cleared.out[0]).toMatch(new RegExp(`^cache ${cache}: \\d+ answers removed$`));
    expect(await readdir(cache)).toEqual([CACHE_MARK]);

    const notCache = await cli('cache', 'clear', join(dir, 'd1'));
    expect(notCache.status).toBe(2);
    expect(notCache.err).toBe(
      `wisp-eval: cache clear ${join(dir, 'd1')}: not an answer cache (no ${CACHE_MARK}), and not empty`,
    );
    const into = await cli(
      'run',
      '--scenario',
      'codename',
      '--cache',
      join(dir, 'd1'),
      '--out',
      join(dir, 'd3'),
    );
    expect(into.status).toBe(2);
  });

  it('opens a new cache that another invocation is opening at the same moment', async () => {
    const cache = join(dir, 'cache-h');
    await mkdir(cache);
    // The other invocation's mark, written under its temporary name and not yet renamed into place.
    await writeFile(join(cache, `${CACHE_MARK}.4242-0-0a0b0c0d.tmp`), '{"format":1}\n');
    await openCache(cache);
    expect((await readdir(cache)).includes(CACHE_MARK)).toBe(true);
    await openCache(cache);
  });

  it('keeps answers apart by model identity', async () => {
    const cache = join(dir, 'cache-e');
    await openCache(cache);
    let asked = 0;
    const model = {
      name: 'ollama:x',
      reportsUsage: true,
      respond: () => {
        asked += 1;
        return Promise.resolve({ text: `answer ${asked}`, toolCalls: [] });
      },
    };
    const request = { messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
    const counts = { hits: 0, misses: 0 };
    const a = cachedModel(model, cache, { name: 'ollama:x', digest: 'sha256:aaa', options: {} }, counts);
    const b = cachedModel(model, cache, { name: 'ollama:x', digest: 'sha256:bbb', options: {} }, counts);
    expect((await a.respond(request)).text).toBe('answer 1');
    expect((await a.respond(request)).text).toBe('answer 1');
    expect((await b.respond(request)).text).toBe('answer 2');
    expect(counts).toEqual({ hits: 1, misses: 2 });
  });

  it('keys an OpenAI-compatible model by the fingerprint its answers carry, from its first answer on', async () => {
    const cache = join(dir, 'cache-f');
    const openaiChats = () => server.received.filter((c) => c.path === '/v1/chat/completions').length;
    const openaiRun = (out: string) =>
      cli(
        ...['run', '--scenario', 'codename', '--model', 'openai:reader', '--base-url', `${server.url}/v1`],
        ...['--cache', cache, '--out', out],
      );
    expect((await openaiRun(join(dir, 'f1'))).status).toBe(0);
    const calls = openaiChats();
    const [first] = await records(join(dir, 'f1'));
    expect(first?.backend?.digest).toMatch(/^fp_[0-9a-f]{10}$/);
    server.received.length = 0;
    expect((await openaiRun(join(dir, 'f2'))).status).toBe(0);
    // Only the first call is made again: until it answers, the server's build is not known.
    expect(openaiChats()).toBe(1);
    const [again] = await records(join(dir, 'f2'));
    expect(again?.cache).toEqual({ hits: calls - 1, misses: 1 });
    expect(again?.probes).toEqual(first?.probes);
    expect(again?.backend?.digest).toBe(first?.backend?.digest);
  });

  it('gives no answer kept under another fingerprint, and keeps each under the one it came with', async () => {
    const cache = join(dir, 'cache-g');
    await openCache(cache);
    let build = 'fp_one';
    let known: string | null = null;
    let asked = 0;
    const model = {
      name: 'openai:x',
      reportsUsage: true,
      respond: () => {
        asked += 1;
        known = build;
        return Promise.resolve({ text: `answer ${asked} from ${build}`, toolCalls: [] });
      },
    };
    const request = (content: string) => ({ messages: [{ role: 'user' as const, content }], tools: [] });
    const identity = () => ({ name: 'openai:x', digest: known, options: {} });
    const counts = { hits: 0, misses: 0 };
    const port = cachedModel(model, cache, identity, counts);
    expect((await port.respond(request('a'))).text).toBe('answer 1 from fp_one');
    expect((await port.respond(request('b'))).text).toBe('answer 2 from fp_one');
    expect((await port.respond(request('b'))).text).toBe('answer 2 from fp_one');
    // Another build behind the same name: once an answer names it, nothing of the old one is given.
    build = 'fp_two';
    known = null;
    const fresh = cachedModel(model, cache, identity, counts);
    expect((await fresh.respond(request('a'))).text).toBe('answer 3 from fp_two');
    expect((await fresh.respond(request('b'))).text).toBe('answer 4 from fp_two');
    expect(counts).toEqual({ hits: 1, misses: 4 });
  });
});
