import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLIER_HEADER, NOW_HEADER, type Message, type ToolCall } from '../../../engine/index.js';
import { loadCalls, type LoggedCall } from '../../../records/requests-file.js';
import { loadRunFiles, readRunRecords, type RunFiles } from '../../../records/read-run-files.js';
import { RunContexts, type ContextAtTurn } from '../../../reports/inspect/context-at-turn.js';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';

let out: string;
const runs = new Map<string, RunFiles>();

async function runInto(dir: string, args: string[]): Promise<void> {
  const io = bufferIO();
  expect(await main(['run', ...args, '--jobs', '1', '--out', dir], io)).toBe(0);
  for (const record of await readRunRecords(dir)) runs.set(record.id, await loadRunFiles(dir, record));
}

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'wisp-inspect-'));
  await runInto(join(out, 'tools'), [
    '--scenario',
    'snapshots/scenarios/tools.yaml',
    '--strategy',
    'target',
    '--model',
    'scripted',
    '--window',
    '8192',
  ]);
  await runInto(join(out, 'resume'), [
    '--scenario',
    'snapshots/scenarios/resume.yaml',
    '--strategy',
    'target',
    '--window',
    '4096',
  ]);
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

const TOOLS = 'tools.target.scripted.w8192.r0';
const RESUME = 'resume.target.reader.w4096.r0';

function contexts(id: string): RunContexts {
  const files = runs.get(id);
  if (!files) throw new Error(`no run ${id}`);
  return new RunContexts(files);
}

/**
 * The messages the inspector's entries stand for, written out by hand from what each entry was sent
 * as: the instructions, then the earlier block; prompts; a turn's tool calls in one assistant message;
 * outputs as tool messages; replies; the now block before the latest prompt.
 */
function messagesOf(ctx: ContextAtTurn): Message[] {
  const messages: Message[] = [];
  let calls: ToolCall[] = [];
  const flush = () => {
    if (calls.length > 0) messages.push({ role: 'assistant', content: '', toolCalls: calls });
    calls = [];
  };
  for (const e of ctx.entries) {
    if (e.kind !== 'toolCall') flush();
    if (e.kind === 'instructions') {
      messages.push({ role: 'system', content: e.sent });
      if (ctx.earlierBlock !== null) messages.push({ role: 'user', content: ctx.earlierBlock });
    } else if (e.kind === 'prompt') messages.push({ role: 'user', content: e.sent });
    else if (e.kind === 'reply') messages.push({ role: 'assistant', content: e.sent });
    else if (e.kind === 'toolCall') {
      const call = JSON.parse(e.stored) as { tool: string; arguments: Record<string, unknown> };
      const callId = runs.get(ctx.runId)?.entries.find((x) => x.id === e.id)?.call?.callId ?? '';
      calls.push({ callId, tool: call.tool, arguments: call.arguments });
    } else {
      const callId = runs.get(ctx.runId)?.entries.find((x) => x.id === e.id)?.call?.callId ?? '';
      messages.push({ role: 'tool', callId, tool: e.tool ?? '', content: e.sent });
    }
  }
  flush();
  if (ctx.nowBlock !== null) {
    const latest = messages.map((m) => m.role).lastIndexOf('user');
    messages.splice(latest, 0, { role: 'user', content: ctx.nowBlock });
  }
  return messages;
}

describe('the context at a turn, rebuilt from a results folder', () => {
  it.each([TOOLS, RESUME])(
    '%s: at every turn, the entries and blocks are what the first request of the turn carried',
    async (id) => {
      const at = contexts(id);
      const calls = await loadCalls(join(out, id.startsWith('tools') ? 'tools' : 'resume', 'runs', id));
      for (let turn = 1; turn <= at.turns; turn++) {
        const ctx = at.at(turn);
        const first = calls.find((c) => c.purpose === 'turn' && c.turn === turn);
        expect(ctx.matchesRequest, `turn ${turn}`).toBe(true);
        expect(messagesOf(ctx), `turn ${turn}`).toEqual(first?.request.messages);
      }
    },
  );

  it('names a turn whose recorded request differs from the rebuilt context, by a word or a field', () => {
    const files = runs.get(TOOLS);
    if (!files) throw new Error(`no run ${TOOLS}`);
    const turn = 10;
    const first = files.calls.findIndex((c) => c.purpose === 'turn' && c.turn === turn);
    const altered = (change: (messages: Message[]) => Message[]) => {
      const calls: LoggedCall[] = files.calls.map((call, at) =>
        at === first
          ? ({
              ...call,
              request: { ...call.request, messages: change(structuredClone(call.request.messages)) },
            } as LoggedCall)
          : call,
      );
      return new RunContexts({ ...files, calls }).at(turn).matchesRequest;
    };
    expect(altered((messages) => messages)).toBe(true);
    // A key left undefined writes no JSON, as in the recorded file.
    expect(
      altered((messages) => messages.map((m) => ({ ...m, note: undefined }) as unknown as Message)),
    ).toBe(true);
    expect(
      altered((messages) =>
        messages.map((m, at) => (at === messages.length - 1 ? { ...m, content: `${m.content} ` } : m)),
      ),
    ).toBe(false);
    expect(altered((messages) => messages.slice(1))).toBe(false);
    expect(
      altered((messages) => messages.map((m, at) => (at === messages.length - 1 ? { ...m, name: 'x' } : m))),
    ).toBe(false);
  });

  it('tools at turn 10: outputs of earlier turns as references, the retyped reply cut, the task in the now block', () => {
    const ctx = contexts(TOOLS).at(10);
    const sentAs = Object.fromEntries(ctx.entries.map((e) => [e.id, e.sentAs]));
    // The two reads of docs/overview.md (turn 4) and the held-back seq output (turn 8) go as references;
    // the failed read of docs/none.md and the short outputs stay whole.
    expect([sentAs[12], sentAs[13], sentAs[32]]).toEqual(['reference', 'reference', 'reference']);
    expect([sentAs[14], sentAs[28], sentAs[36]]).toEqual(['whole', 'whole', 'whole']);
    // Turn 9's reply retyped the linter's output: it goes with the marker in place of the copy.
    expect(sentAs[37]).toBe('cut');
    const reply = ctx.entries.find((e) => e.id === 37);
    expect(reply?.sent).toContain('(showed the person the run_command');
    expect(reply?.tokens).toBeLessThan(reply?.storedTokens ?? 0);
    // The first request of turn 10 carries its prompt, and the strict check comes after it.
    expect(ctx.entries.at(-1)).toMatchObject({ id: 38, kind: 'prompt', turn: 10 });
    expect(ctx.during.map((e) => e.kind)).toEqual(['toolCall', 'toolOutput', 'reply']);
    expect(ctx.nowBlock?.startsWith(NOW_HEADER)).toBe(true);
    expect(ctx.nowBlock).toContain('prepare the pilot review');
    expect(ctx.gone).toEqual([]);
    expect(ctx.size).toMatchObject({ window: 8192, budget: 6963, goal: 4915 });
    expect(ctx.size?.estimated).toBe(ctx.call?.estimated);
  });

  it('tools at turn 8: the seq output is held back during its own turn, and a reference from the next', () => {
    const eight = contexts(TOOLS).at(8);
    expect(eight.during.find((e) => e.id === 32)?.sentAs).toBe('held-back');
    const nine = contexts(TOOLS).at(9);
    const seq = nine.entries.find((e) => e.id === 32);
    expect(seq?.sentAs).toBe('reference');
    expect(seq?.sent).toMatch(/^\[output of entry 32 not repeated/);
  });

  it('resume: turns before the resume show the first conversation, turns after it the rebuilt store', () => {
    const at = contexts(RESUME);
    const before = at.at(5);
    // In the first conversation, before its first condensation, every turn so far is carried.
    expect(before.gone).toEqual([]);
    expect(before.entries.map((e) => e.turn)).toContain(1);
    const resumedAt = runs.get(RESUME)?.audit.find((e) => e.type === 'context.resume')?.turn ?? 0;
    expect(resumedAt).toBeGreaterThan(1);
    const after = at.at(resumedAt + 1);
    // What the first conversation's condensations dropped stays dropped in the resumed one.
    expect(after.gone.map((g) => g.id)).toContain(2);
    expect(after.entries.map((e) => e.turn)).not.toContain(1);
    expect(after.earlierBlock?.startsWith(EARLIER_HEADER)).toBe(true);
  });
});

describe('wisp-eval inspect', () => {
  it('prints the context at a turn, plain when colour is off', async () => {
    const io = bufferIO();
    expect(await main(['inspect', join(out, 'tools'), '--run', TOOLS, '--turn', '10'], io)).toBe(0);
    const text = io.stdout.join('\n');
    expect(text).not.toContain('\x1b[');
    expect(io.stdout[0]).toBe(
      `${TOOLS}, turn 10: the context its first request carried (call 16, session ses-8, new; 2 requests this turn)`,
    );
    expect(text).toContain(
      'request: 1,766 tokens estimated, 1,903 reported; window 8,192, budget 6,963, goal 4,915',
    );
    expect(io.stdout.find((l) => l.includes('#37 '))).toMatch(/#37 +reply +9 +cut +26\/70 /);
    expect(io.stdout.find((l) => l.includes('#32 '))).toMatch(
      /#32 +toolOutput +8 +reference +52\/1,021 +run_command: /,
    );
    expect(io.stdout.at(-1)).toBe(
      'composed again from the store, these entries and blocks are the request as sent',
    );
  });

  it('colours it on a terminal', async () => {
    const io = { ...bufferIO(), colour: true };
    await main(['inspect', join(out, 'tools'), '--run', TOOLS, '--turn', '10'], io);
    expect(io.stdout.join('\n')).toContain('\x1b[36mreference');
  });

  it('lists what changed at each turn', async () => {
    const io = bufferIO();
    expect(await main(['inspect', join(out, 'resume'), '--changes'], io)).toBe(0);
    const text = io.stdout.join('\n');
    expect(io.stdout[0]).toContain(`${RESUME}: what changed at each turn`);
    expect(text).toMatch(
      /condensed \(budget\): [\d,]+ -> [\d,]+ tokens, goal [\d,]+, \d+ turns? dropped \(entries /,
    );
    expect(text).toMatch(/resumed from [\w-]+: store rebuilt/);
    expect(io.stdout.filter((l) => l.startsWith('turn '))).toHaveLength(runs.get(RESUME)?.record.turns ?? 0);
  });

  it('refuses a turn out of range and an unknown run, naming what there is', async () => {
    const io = bufferIO();
    expect(await main(['inspect', join(out, 'tools'), '--turn', '99'], io)).toBe(2);
    expect(io.stderr).toEqual([`wisp-eval: --turn 99: run ${TOOLS} has turns 1 to 14`]);
    const unknown = bufferIO();
    expect(await main(['inspect', join(out, 'tools'), '--run', 'nope'], unknown)).toBe(2);
    expect(unknown.stderr[0]).toContain(`no run nope there; its runs: ${TOOLS}`);
  });
});
