/**
 * The gate replays: `snapshots check` answers each model call from the snapshot's recorded answers,
 * so a change in what the model answers leaves it green, while `--live`, which also asks the model,
 * fails; a change in what the engine sends fails both.
 */
import { mkdtemp, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelPort } from '../../../engine/index.js';
import { checkPassed, checkSnapshots } from '../../../runners/gate/check.js';
import { snapshotRun } from '../../../runners/gate/recorded-answers.js';
import { loadManifest } from '../../../runners/gate/manifest.js';
import { createModel } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import type { ModelFactory } from '../../../runners/models/model-factory.js';

const RUN = 'codename.dropping.reader.w8192.r0';
const ABSTAIN = "I don't know: nothing I can see says.";
const filter = { scenarios: [], strategies: [] };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-replayed-check-'));
  const manifest = JSON.parse(await readFile('snapshots/manifest.json', 'utf8')) as {
    runs: { scenario: string; strategy: string; window: number; model: string }[];
  };
  const runs = manifest.runs.filter(
    (r) => r.scenario === 'codename' && r.strategy === 'dropping' && r.window === 8192,
  );
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, runs }, null, 2));
  await copyFile(join('snapshots', `${RUN}.snap`), join(dir, `${RUN}.snap`));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The reader, abstaining in other words: a change to the model's answers, not to the engine. */
const otherWords: ModelFactory = async (name, window, scenario) => {
  const model: ModelPort = await createModel(name, window, scenario);
  return {
    ...model,
    respond: async (request, options) => {
      const answer = await model.respond(request, options);
      return answer.text === ABSTAIN ? { ...answer, text: 'I cannot tell from what I see.' } : answer;
    },
  };
};

describe('snapshots check replays the recorded answers', () => {
  it('reads every answer of a snapshot back as the model gave it', async () => {
    const text = await readFile(join(dir, `${RUN}.snap`), 'utf8');
    const recorded = snapshotRun(RUN, text);
    const [run] = (await loadManifest(dir)).runs;
    if (run === undefined) throw new Error('no run');
    const spec = {
      scenario: run.loaded,
      strategy: run.strategy,
      model: run.model,
      window: run.window,
      run: 0,
    };
    const live = (await runScenario(spec, createModel)).files.requests;
    expect(recorded.calls).toHaveLength(live.length);
    live.forEach((call, i) => {
      expect(recorded.calls[i]).toEqual({
        call: call.call,
        turn: call.turn,
        purpose: call.purpose,
        kind: call.kind,
        ...(call.response ? { response: call.response } : { error: call.error }),
      });
      // Byte for byte, tool calls' fields in the order the model gave them.
      expect(JSON.stringify(recorded.calls[i]?.response)).toBe(JSON.stringify(call.response));
    });
    expect(recorded.backends).toEqual([null]);
  });

  it('passes when the model answers otherwise, and fails live', async () => {
    const replayed = await checkSnapshots(dir, filter, { models: otherWords });
    expect(checkPassed(replayed)).toBe(true);
    expect(replayed.runs.map((r) => [r.mode, r.state])).toEqual([['replayed', 'match']]);

    const live = await checkSnapshots(dir, filter, { live: true, models: otherWords });
    expect(checkPassed(live)).toBe(false);
    expect(live.runs.map((r) => [r.mode, r.state])).toEqual([
      ['replayed', 'match'],
      ['live', 'differs'],
    ]);
    const differs = live.runs[1];
    if (differs?.state !== 'differs') throw new Error('expected a difference');
    expect(differs.first).toMatch(/^call \d+ \(turn \d+, turn\), its answer$/);
    expect(differs.diff).toContain('+| I cannot tell from what I see.');
  });

  it('passes live on the model as it answers today', async () => {
    const live = await checkSnapshots(dir, filter, { live: true });
    expect(checkPassed(live)).toBe(true);
  });

  it('fails both ways when what the engine sends differs from the recording', async () => {
    const path = join(dir, `${RUN}.snap`);
    const good = await readFile(path, 'utf8');
    // The recorded system message says one word otherwise: the engine now sends another text.
    await writeFile(path, good.replace('| - Keep replies short.', '| - Keep replies brief.'));
    try {
      const report = await checkSnapshots(dir, filter, { live: true, models: otherWords });
      expect(report.runs.map((r) => [r.mode, r.state])).toEqual([
        ['replayed', 'differs'],
        ['live', 'differs'],
      ]);
      for (const check of report.runs) {
        if (check.state !== 'differs') throw new Error('expected a difference');
        expect(check.request).toBe('call 1 (turn 1, turn), message 0 (system)');
        expect(check.diff).toContain(
          '-| - Keep replies brief. Talk about an output rather than retyping it, and name the file or command an answer comes from.',
        );
      }
    } finally {
      await writeFile(path, good);
    }
  });
});
