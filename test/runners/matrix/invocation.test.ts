import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createModel } from '../../../runners/models/index.js';
import { runInvocation } from '../../../runners/matrix/invocation.js';
import type { ModelFactory } from '../../../runners/models/model-factory.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('an invocation’s run folders', () => {
  it('take their final name only once whole, and each record follows its folder', async () => {
    const out = await mkdtemp(join(tmpdir(), 'wisp-invocation-'));
    dirs.push(out);
    // Whenever a run talks to its model, the folders under their final names are exactly the runs
    // already recorded in runs.jsonl: the run in progress has none yet.
    const finished = () => {
      const runs = join(out, 'runs');
      const folders = existsSync(runs) ? readdirSync(runs).filter((n) => !n.endsWith('.partial')) : [];
      const log = join(out, 'runs.jsonl');
      const recorded = existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => (JSON.parse(l) as { id: string }).id)
        : [];
      return { folders: folders.sort(), recorded: recorded.sort() };
    };
    const seen: ReturnType<typeof finished>[] = [];
    const watching: ModelFactory = (name, window, scenario) => {
      const model = createModel(name, window, scenario);
      return {
        ...model,
        respond: async (request) => {
          seen.push(finished());
          return model.respond(request);
        },
      };
    };
    const records = await runInvocation(
      {
        scenarios: [await resolveScenario('codename')],
        strategies: [resolveStrategy('dropping')],
        models: ['reader'],
        windows: [8192],
        runs: 2,
      },
      out,
      watching,
    );
    expect(records.map((r) => r.status)).toEqual(['completed', 'completed']);
    expect(seen.every((s) => JSON.stringify(s.folders) === JSON.stringify(s.recorded))).toBe(true);
    // The second run ran while the first was finished and recorded.
    expect(seen.at(-1)).toEqual({ folders: [records[0]?.id], recorded: [records[0]?.id] });
    expect((await readdir(join(out, 'runs'))).sort()).toEqual(records.map((r) => r.id).sort());
  });
});
