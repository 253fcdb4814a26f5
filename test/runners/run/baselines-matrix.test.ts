/**
 * The baselines on every built-in scenario at 4,096, 8,192 and 32,768 tokens on the reader: every run
 * completes without the honesty alarm, masking never sends an output older than the latest ten
 * whole, trim (and masking past its budget) never drops the latest turn, and summary never drops the
 * first turn and counts one summary call per summary event.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, CondensationEvent } from '../../../engine/audit/events.js';
import type { Entry } from '../../../engine/store/entry.js';
import { builtinScenarioNames } from '../../../scenarios/index.js';
import { makeRuns, type MadeRun, type TurnCall } from '../../honesty/reader-runs.js';

const strategies = ['masking', 'summary', 'trim'];
const windows = [4096, 8192, 32768];
const PLACEHOLDER = /^\[output of \S+ omitted\]$/;

let runs: MadeRun[] = [];

beforeAll(async () => {
  runs = await makeRuns(
    builtinScenarioNames.flatMap((scenario) =>
      strategies.flatMap((strategy) =>
        windows.map((window) => ({ scenario, strategy, model: 'reader' as const, window })),
      ),
    ),
  );
}, 600_000);

const of = (strategy: string) => runs.filter((r) => r.strategy === strategy);
const condensations = (run: MadeRun) =>
  run.outcome.files.audit.filter(
    (e: AuditEvent): e is CondensationEvent => e.type === 'context.condensation',
  );
const entriesOf = (run: MadeRun) =>
  new Map((run.outcome.files.store.entries as Entry[]).map((e) => [e.id, e]));
const turnCalls = (run: MadeRun) =>
  run.outcome.files.requests.filter((c): c is TurnCall => c.purpose === 'turn' && c.kind === 'respond');

describe('the baselines on every built-in scenario at three windows', () => {
  it('complete every run, with no probe answered right from evidence never in view', () => {
    expect(runs).toHaveLength(builtinScenarioNames.length * strategies.length * windows.length);
    const failed = runs.filter((r) => r.outcome.record.status !== 'completed');
    expect(failed.map((r) => `${r.scenario} ${r.strategy} ${r.window}`)).toEqual([]);
    const alarms = runs.flatMap((r) =>
      r.outcome.record.probes
        .filter((p) => p.outcome === 'not-delivered-correct')
        .map((p) => `${r.scenario} ${r.strategy} ${r.window} ${p.id}`),
    );
    expect(alarms).toEqual([]);
  });

  it('masking sends no tool output older than the latest ten whole', () => {
    let masked = 0;
    for (const run of of('masking')) {
      for (const call of turnCalls(run)) {
        const outputs = call.request.messages.filter((m) => m.role === 'tool').map((m) => m.content);
        const older = outputs.slice(0, Math.max(0, outputs.length - 10));
        expect(
          older.filter((c) => !PLACEHOLDER.test(c)),
          `${run.scenario} ${run.window} turn ${call.turn}`,
        ).toEqual([]);
        masked += older.length;
      }
    }
    // The long conversations at 32,768 tokens mask outputs; at smaller windows trimming comes first.
    expect(masked).toBeGreaterThan(0);
  });

  it('trim and masking never drop the latest turn', () => {
    let checked = 0;
    for (const run of [...of('trim'), ...of('masking')]) {
      const entries = entriesOf(run);
      for (const event of condensations(run)) {
        expect(event.turnsKept).toBeGreaterThanOrEqual(1);
        // Ahead of turn T (or on its overflow) the latest turn in the context is T - 1.
        const turns = event.droppedEntries.map((id) => entries.get(id)?.turn ?? Infinity);
        expect(turns.filter((t) => t >= event.turn - 1)).toEqual([]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('summary keeps the first turn, and makes one summary call for each summary it writes or fails', () => {
    for (const run of of('summary')) {
      const entries = entriesOf(run);
      for (const event of condensations(run)) {
        const turns = event.droppedEntries.map((id) => entries.get(id)?.turn);
        expect(turns).not.toContain(1);
      }
      const summaries = run.outcome.files.audit.filter((e) => e.type === 'context.summary').length;
      const calls = run.outcome.files.requests.filter((c) => c.purpose === 'summary').length;
      expect(run.outcome.record.modelCalls.summary).toBe(summaries);
      expect(calls).toBe(summaries);
    }
    expect(of('summary').some((r) => r.outcome.record.modelCalls.summary > 0)).toBe(true);
  });
});
