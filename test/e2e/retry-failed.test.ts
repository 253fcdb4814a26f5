import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferIO } from '../../runners/cli/io.js';
import { main } from '../../runners/cli/main.js';
import { startLoopbackServer, type LoopbackServer } from '../../runners/serve/server.js';
import type { RunRecord } from '../../records/run-record.js';

let dir: string;
let server: LoopbackServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-retry-failed-'));
  server = await startLoopbackServer();
  await writeFile(
    join(dir, 'spec.yaml'),
    'name: outage\nscenarios: [codename]\nstrategies: [dropping, target]\nmodels: [ollama:reader]\nwindows: [8192]\nruns: 2\n',
  );
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function records(out: string): Promise<RunRecord[]> {
  const text = await readFile(join(out, 'runs.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RunRecord);
}

/** A record as another invocation makes it again: times (and the retries an outage cost) aside. */
function measured(record: RunRecord): unknown {
  return JSON.parse(
    JSON.stringify(record, (key, value: unknown) =>
      key === 'timing' || key.endsWith('Ms') || (key === 'retries' && typeof value === 'number')
        ? undefined
        : value,
    ),
  );
}

const byId = (list: RunRecord[]) => [...list].sort((a, b) => a.id.localeCompare(b.id)).map(measured);

describe('a checkpoint whose model server goes away', () => {
  it('records the runs it could not make as failed, leaves them out of the means, and --retry-failed makes them again', async () => {
    const env = { OLLAMA_HOST: server.url };
    const out = join(dir, 'interrupted');
    const io = bufferIO();
    const running = main(['checkpoint', join(dir, 'spec.yaml'), '--out', out, '--jobs', '1'], io, env);
    // Stop the server once the first run is recorded: the rest fail.
    const runs = join(out, 'runs.jsonl');
    while (!existsSync(runs) || (await readFile(runs, 'utf8')).trim() === '')
      await new Promise((resolve) => setTimeout(resolve, 5));
    const port = server.port;
    await server.close();
    expect(await running).toBe(3);
    const during = await records(out);
    const failed = during.filter((r) => r.status === 'failed');
    expect(during).toHaveLength(4);
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const r of failed) {
      expect(r.error?.code).toBe('MODEL_FAILED');
      expect(r.error?.message).toMatch(/cannot reach Ollama .*ECONNREFUSED.*after 2 retries|ECONNRESET/);
    }

    // The cell means of the outage leave the failed runs out, and count them apart.
    // Names and numbers only: no field of this summary.csv is quoted.
    const [header, ...lines] = (await readFile(join(out, 'summary.csv'), 'utf8')).trim().split('\n');
    const columns = (header ?? '').split(',');
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));
    for (const row of rows) {
      const cell = during.filter((r) => r.strategy === row['strategy']);
      const ok = cell.filter((r) => r.status === 'completed');
      expect(Number(row['failed'])).toBe(cell.length - ok.length);
      expect(Number(row['correct.n'])).toBe(ok.length);
      if (ok.length > 0)
        expect(Number(row['correct.mean'])).toBeCloseTo(
          ok.reduce((n, r) => n + r.score.correct, 0) / ok.length,
          6,
        );
    }

    // Without the flag, --resume keeps them and says how to make them again.
    const kept = bufferIO();
    expect(await main(['checkpoint', '--resume', out], kept, env)).toBe(3);
    expect(kept.stderr).toContain(
      `wisp-eval: ${out} keeps ${failed.length} failed runs; make them again with wisp-eval checkpoint --resume ${out} --retry-failed`,
    );

    // The server back: the failed runs are made again, and their records replace the old.
    server = await startLoopbackServer({ port });
    const retried = bufferIO();
    expect(await main(['checkpoint', '--resume', out, '--retry-failed'], retried, env)).toBe(0);
    const after = await records(out);
    expect(after).toHaveLength(4);
    expect(after.every((r) => r.status === 'completed')).toBe(true);

    const whole = join(dir, 'whole');
    expect(
      await main(['checkpoint', join(dir, 'spec.yaml'), '--out', whole, '--jobs', '1'], bufferIO(), env),
    ).toBe(0);
    expect(byId(after)).toEqual(byId(await records(whole)));
  });

  it('refuses --retry-failed without --resume', async () => {
    const io = bufferIO();
    expect(await main(['checkpoint', join(dir, 'spec.yaml'), '--retry-failed'], io)).toBe(2);
    expect(io.stderr[0]).toMatch(/--retry-failed .*give --resume DIR/);
  });
});
