import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../../runners/models/index.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { defineScenario } from '../../../scenarios/schema.js';
import { resolveStrategy } from '../../../strategies/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-cmd-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a person's command step", () => {
  it('is run, stored as a prompt of the next turn, and counted as no turn', async () => {
    const scenario = defineScenario({
      name: 'person-command',
      description: 'a command the person ran, then questions',
      commands: { 'make check': { exitCode: 2, stdout: 'the check found 3 problems', stderr: '' } },
      steps: [
        { say: 'We are checking the build.' },
        { command: 'make check' },
        { ask: 'How many problems did the check find?', id: 'problems', expect: { any: ['3 problems'] } },
      ],
    });
    const { record, files } = await runScenario(
      {
        scenario: { scenario, dir },
        strategy: resolveStrategy('dropping'),
        model: 'reader',
        window: 8192,
        run: 0,
      },
      createModel,
    );
    expect(record.status).toBe('completed');
    expect(record.turns).toBe(2);
    expect(record.probes[0]?.verdict).toBe('correct');
    const prompt = files.audit.find((e) => e.type === 'prompt' && e.command === true);
    expect(prompt).toMatchObject({
      turn: 2,
      text: 'I ran `make check` myself:\nexit status: 2\nstdout:\nthe check found 3 problems',
    });
  });
});
