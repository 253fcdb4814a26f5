/** The assessment's checks on whole reader runs: task changes under restated and any, the retry. */
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../engine/index.js';
import { makeRuns } from '../honesty/reader-runs.js';

type Assessment = Extract<AuditEvent, { type: 'context.assessment' }>;
const assessments = (events: readonly AuditEvent[]) =>
  events.filter((e): e is Assessment => e.type === 'context.assessment');

describe('the assessment on the reader', () => {
  it('changes the task under restated only where a request restates it, and at least as often under any', async () => {
    const [restated, any] = await makeRuns(
      ['target+assessment', 'target+assessment-any'].map((strategy) => ({
        scenario: 'snapshots/scenarios/assessment.yaml',
        strategy,
        model: 'reader' as const,
        window: 8192,
      })),
    );
    const events = assessments(restated?.outcome.files.audit ?? []);
    const prompts = new Map(
      (restated?.outcome.record.perTurn ?? []).map((t) => [
        t.turn,
        restated?.outcome.files.audit.find((e) => e.type === 'prompt' && e.turn === t.turn),
      ]),
    );
    const changedAt = events.filter((e) => e.taskAfter !== e.taskBefore).map((e) => e.turn);
    // The first task is inferred from the first request; the one later change is the restating request.
    expect(changedAt).toHaveLength(2);
    expect(changedAt[0]).toBe(1);
    const restating = prompts.get(changedAt[1] ?? 0);
    expect(restating && 'text' in restating ? restating.text : '').toMatch(/^New task/);
    expect(restated?.outcome.record.assessment?.taskChanges).toBe(2);
    // Questions asked after it kept the task: each was fixed.
    expect(events.filter((e) => e.turn > (changedAt[1] ?? 0)).every((e) => e.taskFixed)).toBe(true);
    expect(any?.outcome.record.assessment?.taskChanges).toBeGreaterThanOrEqual(2);
    expect(any?.outcome.record.assessment?.taskChanges).toBeGreaterThan(
      restated?.outcome.record.assessment?.taskChanges ?? 0,
    );
  });

  it('retries a read the request did not register on a fresh session, and the turn goes on', async () => {
    const [run] = await makeRuns([
      {
        scenario: 'snapshots/scenarios/assessment.yaml',
        strategy: 'target+assessment',
        model: 'reader',
        window: 8192,
      },
    ]);
    const record = run?.outcome.record;
    expect(record?.status).toBe('completed');
    expect(record?.retries.tools).toBe(1);
    expect(record?.assessment?.misses).toBe(1);
    const retry = assessments(run?.outcome.files.audit ?? []).find((e) => e.method === 'retry');
    expect(retry?.tools).toContain('read_file');
    const turn = record?.perTurn.find((t) => t.turn === retry?.turn);
    expect(turn?.status).toBe('completed');
    // No tool ran before the retry: every call of the turn came after it.
    const audit = run?.outcome.files.audit ?? [];
    const at = audit.findIndex((e) => e === retry);
    const calls = audit
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => e.type === 'tool.call' && e.turn === retry?.turn);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every(({ i }) => i > at)).toBe(true);
    // The refused attempt and the retry each began a session.
    expect(turn?.newSessions).toBe(2);
  });

  it('records the assessment under target+assessment, none under target, and fewer tool tokens a request', async () => {
    const [target, assessed] = await makeRuns(
      ['target', 'target+assessment'].map((strategy) => ({
        scenario: 'reading',
        strategy,
        model: 'reader' as const,
        window: 8192,
      })),
    );
    expect(target?.outcome.record.assessment).toBeNull();
    const record = assessed?.outcome.record;
    expect(record?.assessment?.assessed).toBe(record?.turns);
    expect(record?.modelCalls.assessment).toBe(record?.assessment?.calls);
    expect(record?.assessment?.rulesSettled).toBeGreaterThan(0);
    expect(record?.toolTokens.perRequest).toBeLessThan(target?.outcome.record.toolTokens.perRequest ?? 0);
    const calls = assessed?.outcome.files.requests.filter((c) => c.purpose === 'assessment') ?? [];
    expect(calls).toHaveLength(record?.assessment?.calls ?? -1);
    expect(calls.every((c) => c.fresh && c.kind === 'generate')).toBe(true);
  });
});
