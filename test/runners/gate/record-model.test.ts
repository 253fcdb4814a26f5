/**
 * `snapshots record --model ollama:NAME --host URL`: the chosen runs are recorded on a model behind a
 * server, each as a manifest run of its own, and `snapshots check` then replays them offline, with the
 * server gone. Through `main()`, in a temporary folder with its own snapshots/.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';
import { startLoopbackServer } from '../../../runners/serve/server.js';

const home = process.cwd();
const RUN = 'codename.dropping.reader.w32768.r0';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-record-model-'));
  await mkdir(join(dir, 'snapshots'));
  const manifest = JSON.parse(await readFile('snapshots/manifest.json', 'utf8')) as {
    runs: { scenario: string; strategy: string; window: number }[];
  };
  const runs = manifest.runs.filter(
    (r) => r.scenario === 'codename' && r.strategy === 'dropping' && r.window === 32768,
  );
  await writeFile(join(dir, 'snapshots', 'manifest.json'), JSON.stringify({ ...manifest, runs }, null, 2));
  await copyFile(join('snapshots', `${RUN}.snap`), join(dir, 'snapshots', `${RUN}.snap`));
  process.chdir(dir);
});
afterAll(async () => {
  process.chdir(home);
  await rm(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const io = bufferIO();
  const status = await main(['snapshots', ...argv], io);
  return { status, out: io.stdout, err: io.stderr.join('\n') };
}

describe('snapshots record --model', () => {
  it('records from a real model, and check replays it with the server stopped', async () => {
    const server = await startLoopbackServer({ context: 65536 });
    let url: string;
    try {
      url = server.url;
      const recorded = await cli('record', '--model', 'ollama:reader', '--host', url);
      expect(recorded.err).toBe('');
      expect(recorded.status).toBe(0);
      expect(recorded.out).toContain('snapshots/manifest.json: runs[1] added (the run on ollama:reader)');
      expect(recorded.out.some((line) => /ollama_reader\.w32768\.r0\.snap: new \(/.test(line))).toBe(true);
      // Recording again adds nothing and changes nothing: the model is deterministic.
      const again = await cli('record', '--model', 'ollama:reader', '--host', url);
      expect(again.out.some((line) => line.includes('added'))).toBe(false);
    } finally {
      await server.close();
    }
    const manifest = JSON.parse(await readFile(join('snapshots', 'manifest.json'), 'utf8')) as {
      runs: { model: string; why: string }[];
    };
    expect(manifest.runs.map((r) => r.model)).toEqual(['reader', 'ollama:reader']);
    const snap = await readFile(join('snapshots', 'codename.dropping.ollama_reader.w32768.r0.snap'), 'utf8');
    expect(snap).toContain('model: ollama:reader');
    expect(snap).toMatch(/^backend: \{"kind":"ollama"/m);

    const check = await cli('check');
    expect(check.status).toBe(0);
    expect(check.out.at(-1)).toMatch(/^snapshots: 2 runs, \d+ model calls, \d+ events: all match$/);
    // Live, the server is gone: the run on it cannot be made as recorded.
    const live = await cli('check', '--live', '--host', url, '--scenario', 'codename');
    expect(live.status).toBe(1);
    expect(live.out).toContain(
      `codename.dropping.ollama_reader.w32768.r0: made live on ollama:reader, differs from snapshots/codename.dropping.ollama_reader.w32768.r0.snap: the model no longer answers as recorded`,
    );
  });
});
