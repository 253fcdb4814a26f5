/**
 * A server address that is not a URL, or not http(s), is bad input: exit 2 before anything is
 * written, never a matrix of runs recorded as failed.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { checkServerOptions } from '../../../runners/models/index.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-address-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(args: string[], env: Record<string, string> = {}) {
  const io = bufferIO();
  const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
  const status = await main(
    ['run', '--scenario', 'showing', '--strategy', 'cutting', '--out', out, ...args],
    io,
    env,
  );
  return { status, stderr: io.stderr, written: existsSync(out) };
}

describe('server addresses', () => {
  it('refuses --host that is not a URL, naming it, with nothing written', async () => {
    const result = await run(['--model', 'ollama:llama3', '--host', 'http://[::1']);
    expect(result.status).toBe(2);
    expect(result.stderr).toEqual(['wisp-eval: --host "http://[::1": not a valid URL']);
    expect(result.written).toBe(false);
  });

  it('refuses --base-url that is not http or https', async () => {
    const result = await run(['--model', 'openai:gpt', '--base-url', 'ftp://x']);
    expect(result.status).toBe(2);
    expect(result.stderr).toEqual([
      'wisp-eval: --base-url "ftp://x": the server is reached over http:// or https://, not ftp://',
    ]);
    expect(result.written).toBe(false);
  });

  it('refuses a bad OPENAI_BASE_URL and OLLAMA_HOST from the environment', async () => {
    const openai = await run(['--model', 'openai:gpt'], { OPENAI_BASE_URL: 'not a url' });
    expect(openai.status).toBe(2);
    expect(openai.stderr[0]).toMatch(/^wisp-eval: OPENAI_BASE_URL "not a url": not a valid URL$/);
    const ollama = await run(['--model', 'ollama:llama3'], { OLLAMA_HOST: 'file:///etc' });
    expect(ollama.status).toBe(2);
    expect(ollama.stderr[0]).toMatch(/^wisp-eval: OLLAMA_HOST "file:\/\/\/etc": the server is reached/);
  });

  it("accepts Ollama's short forms and ordinary URLs", () => {
    for (const host of [
      '127.0.0.1',
      ':11435',
      'localhost:8080',
      'https://ollama.example/',
      'http://[::1]:11434',
    ])
      expect(() => checkServerOptions(['ollama:x'], { host, timeoutMs: 1 })).not.toThrow();
    expect(() =>
      checkServerOptions(['openai:x'], { baseUrl: 'http://127.0.0.1:8080/v1', timeoutMs: 1 }),
    ).not.toThrow();
  });
});
