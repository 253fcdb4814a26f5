/**
 * A model's identity as its server gives it (Ollama's digest) is in every record of a run on it,
 * shown by `report`, and `compare` says when two folders ran two builds of "the same" model.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import type { RunRecord } from '../../../records/run-record.js';
import { startLoopbackServer } from '../../../runners/serve/server.js';

let dir: string;
let digest: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-identity-'));
  const server = await startLoopbackServer({ context: 32768 });
  try {
    const io = bufferIO();
    const argv = ['run', '--scenario', 'codename', '--model', 'ollama:reader', '--host', server.url];
    expect(await main([...argv, '--out', join(dir, 'a'), '--jobs', '1'], io)).toBe(0);
  } finally {
    await server.close();
  }
  const text = await readFile(join(dir, 'a', 'runs.jsonl'), 'utf8');
  digest = (JSON.parse(text.split('\n')[0] ?? '{}') as RunRecord).backend?.digest ?? '';
  await cp(join(dir, 'a'), join(dir, 'b'), { recursive: true });
  await writeFile(join(dir, 'b', 'runs.jsonl'), text.replaceAll(digest, 'sha256:another-pull'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const io = bufferIO();
  const status = await main(argv, io);
  return { status, out: io.stdout };
}

describe('model identity', () => {
  it('is recorded with the run and shown by report', async () => {
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const report = await cli('report', join(dir, 'a'));
    expect(report.status).toBe(0);
    expect(report.out.find((l) => l.startsWith('model '))).toMatch(
      new RegExp(`^model ollama:reader: digest ${digest} \\(ollama at http://127\\.0\\.0\\.1:\\d+\\)$`),
    );
  });

  it('is compared by compare, which says when the digests differ', async () => {
    const same = await cli('compare', join(dir, 'a'), join(dir, 'a'), '--json');
    expect((JSON.parse(same.out[0] ?? '{}') as { identities: unknown[] }).identities).toEqual([]);
    const other = await cli('compare', join(dir, 'a'), join(dir, 'b'));
    expect(other.status).toBe(0);
    expect(other.out).toContain(
      `note: ollama:reader is not the same model on both sides: digest ${digest} in the baseline, sha256:another-pull in the candidate`,
    );
  });
});
