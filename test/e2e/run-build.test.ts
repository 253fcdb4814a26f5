/**
 * `build` from the command line on the scripted model, which calls the tools as the person asks: the
 * project's tests run for real in the run's copy of the workspace, fail on the senior rate, pass after
 * the edit, and the scenario's own folder is left as it was.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCalls } from '../../records/requests-file.js';
import type { RunRecord } from '../../records/run-record.js';
import { resolveScenario } from '../../scenarios/index.js';
import { repoRoot, wispEval } from './cli.js';

interface ToolMessage {
  role: 'tool';
  tool: string;
  callId: string;
  content: string;
}
interface AuditEvent {
  type: string;
  turn: number;
  tool?: string;
  ok?: boolean;
  content?: string;
  arguments?: Record<string, unknown>;
}

const module = join(repoRoot, 'scenarios', 'workspaces', 'quayfare', 'src', 'discounts.js');
const digest = async (file: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

let out: string;
let exitCode: number;
let records: RunRecord[];
let moduleBefore: string;
/** Every tool result the model received, in the order it first received them. */
let toolResults: ToolMessage[];
let audit: AuditEvent[];

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'wisp-e2e-build-'));
  moduleBefore = await digest(module);
  const result = await wispEval([
    'run',
    '--scenario',
    'build',
    '--strategy',
    'target',
    '--model',
    'scripted',
    '--window',
    '8192',
    '--json',
    '--out',
    out,
  ]);
  exitCode = result.exitCode;
  records = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RunRecord);
  const runDir = join(out, 'runs', records[0]?.id ?? 'missing');
  const requests = await loadCalls(runDir);
  const seen = new Map<string, ToolMessage>();
  for (const { request } of requests) {
    for (const message of request.messages ?? []) {
      if (message.role !== 'tool') continue;
      const tool = message as ToolMessage;
      if (!seen.has(tool.callId)) seen.set(tool.callId, tool);
    }
  }
  toolResults = [...seen.values()];
  audit = (await readFile(join(runDir, 'audit.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as AuditEvent);
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('run --scenario build --strategy target on the scripted model', () => {
  it('completes the one run and scripts none of its commands', async () => {
    expect(exitCode).toBe(0);
    expect(records).toHaveLength(1);
    expect(records[0]?.status).toBe('completed');
    expect((await resolveScenario('build')).scenario.commands).toBeUndefined();
  });

  it('runs the tests for real: first the senior rate fails with exit status 1, after the edit all pass with 0', () => {
    const runs = toolResults.filter((result) => result.tool === 'run_command');
    expect(runs).toHaveLength(2);
    const [before, after] = runs.map((result) => result.content);
    expect(before).toMatch(/^exit status: 1\nstdout:\ntest\/discounts\.test\.js\n/);
    expect(before).toContain('  FAIL  a senior pays a quarter less than an adult\n');
    expect(before).toContain('        0.8 !== 0.75\n');
    expect(before).toMatch(/\nTests: 1 failed, 15 passed, 16 total$/);
    expect(after).toMatch(/^exit status: 0\nstdout:\n/);
    expect(after).toContain('  PASS  a senior pays a quarter less than an adult\n');
    expect(after).not.toContain('FAIL');
    expect(after).toMatch(/\nTests: 0 failed, 16 passed, 16 total$/);
    // The audit records the same two results, failed then passed.
    const results = audit.filter((event) => event.type === 'tool.result' && event.tool === 'run_command');
    expect(results.map((event) => [event.ok, event.content?.split('\n')[0]])).toEqual([
      [false, 'exit status: 1'],
      [true, 'exit status: 0'],
    ]);
  });

  it('reads the module with the old rate, changes it with edit_file between the two runs', () => {
    const order = toolResults.map((result) => result.tool);
    expect(order.slice(0, 5)).toEqual(['read_file', 'run_command', 'read_file', 'edit_file', 'run_command']);
    expect(toolResults[2]?.content).toContain('export const SENIOR_DISCOUNT = 0.2;');
    expect(toolResults[3]?.content).toBe('replaced 1 occurrence in src/discounts.js');
    const edit = audit.find((event) => event.type === 'tool.call' && event.tool === 'edit_file');
    expect(edit?.arguments).toMatchObject({ path: 'src/discounts.js', text: 'SENIOR_DISCOUNT = 0.25;' });
  });

  it('edits the run’s copy of the workspace, never the scenario’s own folder', async () => {
    expect(await digest(module)).toBe(moduleBefore);
    expect(await readFile(module, 'utf8')).toContain('export const SENIOR_DISCOUNT = 0.2;');
  });
});
