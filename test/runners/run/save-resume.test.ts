import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../../engine/conversation/conversation.js';
import type { ResumeEvent } from '../../../engine/audit/events.js';
import { createModel } from '../../../runners/models/index.js';
import { runInvocation } from '../../../runners/matrix/invocation.js';
import { exitStatusFor } from '../../../runners/cli/results-output.js';
import { runScenario } from '../../../runners/run/run-scenario.js';
import { resolveScenario } from '../../../scenarios/index.js';
import { resolveStrategy } from '../../../strategies/index.js';

const scenarioFile = join(import.meta.dirname, '../../../snapshots/scenarios/resume.yaml');
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('a scenario that saves and resumes', () => {
  it('goes on in a new conversation over the rebuilt store, numbering turns on', async () => {
    const scenario = await resolveScenario(scenarioFile);
    const spec = { scenario, strategy: resolveStrategy('target'), model: 'reader', window: 4096, run: 0 };
    const { record, files } = await runScenario(spec, createModel);

    expect(record.status).toBe('completed');
    const prompts = scenario.scenario.steps.filter((s) => !('save' in s) && !('resume' in s)).length;
    expect(record.turns).toBe(prompts);
    expect(record.perTurn.map((t) => t.turn)).toEqual(Array.from({ length: prompts }, (_, i) => i + 1));

    const starts = files.audit.filter((e) => e.type === 'session.start');
    expect(starts).toHaveLength(2);
    const resume = files.audit.find((e): e is ResumeEvent => e.type === 'context.resume');
    expect(resume).toMatchObject({ name: 'before-break' });
    // The save came after condensing, so the resumed store holds dropped entries, facts and a summary.
    expect(resume?.dropped).toBeGreaterThan(0);
    expect(resume?.summaries).toBeGreaterThan(0);
    expect(resume?.facts).toBeGreaterThan(0);

    expect([...files.transcripts.keys()]).toEqual(
      expect.arrayContaining(['transcripts/before-break.json', 'transcripts/before-break.store']),
    );
    // The first request after the resume starts a new session.
    const afterResume = files.requests.filter((c) => c.turn > (resume?.turn ?? 0) && c.purpose === 'turn');
    expect(afterResume[0]?.fresh).toBe(true);
    expect(record.sessions.new).toBeGreaterThan(0);
  });

  it('writes the saved transcript and sidecar into the run folder', async () => {
    const out = await mkdtemp(join(tmpdir(), 'wisp-resume-'));
    dirs.push(out);
    const scenario = await resolveScenario(scenarioFile);
    const [record] = await runInvocation(
      {
        scenarios: [scenario],
        strategies: [resolveStrategy('target')],
        models: ['reader'],
        windows: [4096],
        runs: 1,
      },
      out,
      createModel,
    );
    const folder = join(out, 'runs', record?.id ?? '', 'transcripts');
    const transcript = JSON.parse(await readFile(join(folder, 'before-break.json'), 'utf8'));
    const sidecar = JSON.parse(await readFile(join(folder, 'before-break.store'), 'utf8'));
    expect(transcript.version).toBe(1);
    expect(sidecar.version).toBe(1);
    expect(
      sidecar.entries.filter((e: { active: boolean }) => e.active).map((e: { id: number }) => e.id),
    ).toEqual(transcript.entries.map((e: { id: number }) => e.id));
  });

  it('ends the run as the engine refused when the save cannot be resumed, starting nothing', async () => {
    const scenario = await resolveScenario(scenarioFile);
    const spec = { scenario, strategy: resolveStrategy('target'), model: 'reader', window: 4096, run: 0 };
    // A save whose sidecar was lost: the transcript alone cannot be taken up whole.
    const save = Conversation.prototype.save;
    const spy = vi.spyOn(Conversation.prototype, 'save').mockImplementation(function (this: Conversation) {
      return { ...save.call(this), sidecar: '{"version": 2}' };
    });
    try {
      const { record, files } = await runScenario(spec, createModel);
      expect(record.status).toBe('failed');
      expect(record.error).toEqual({
        code: 'RESUME_REFUSED',
        message:
          "transcript 'before-break' was saved by an older wisp and cannot be resumed; start a new conversation" +
          ' (the store sidecar is version 2, not 1)',
        turn: null,
      });
      // The run stops at the resume: one conversation, no second session.start, no turn after it.
      expect(files.audit.filter((e) => e.type === 'session.start')).toHaveLength(1);
      expect(files.audit.some((e) => e.type === 'context.resume')).toBe(false);
      const before = scenario.scenario.steps.findIndex((s) => 'resume' in s);
      const promptsBefore = scenario.scenario.steps
        .slice(0, before)
        .filter((s) => !('save' in s) && !('resume' in s) && !('command' in s)).length;
      expect(record.turns).toBe(promptsBefore);
      // Ended for the engine's reasons: the exit status of that family, not a run failure.
      expect(exitStatusFor([record])).toBe(4);
    } finally {
      spy.mockRestore();
    }
  });
});
