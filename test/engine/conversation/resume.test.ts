import { describe, expect, it } from 'vitest';
import { Conversation } from '../../../engine/conversation/conversation.js';
import type { SavedConversation } from '../../../engine/conversation/resume.js';
import type { AuditEvent, ResumeEvent, SessionStartEvent } from '../../../engine/audit/events.js';
import type { ModelRequest } from '../../../engine/model/port.js';
import { sequentialIds, steppingClock, type Ids } from '../../../engine/ports.js';
import { memorySink } from '../../../engine/audit/sink.js';
import { defaultSettings, type EngineSettings } from '../../../engine/settings.js';
import type { Tool } from '../../../engine/tools/tool.js';
import { ResumeRefusedError } from '../../../engine/errors.js';
import { fakeModel } from '../helpers.js';

// Each output is long enough to be sent as a reference after its turn, and each turn reads one.
const readTool: Tool = {
  readOnly: true,
  spec: { name: 'read_file', description: 'read', parameters: {} },
  run: async (args) => ({
    content: Array.from(
      { length: 40 },
      (_, i) => `${String(args.path)} line ${i + 1}: some words of text`,
    ).join('\n'),
    ok: true,
  }),
};

function settings(facts = true): EngineSettings {
  const s = defaultSettings();
  s.context.policy = 'condense';
  s.context.keepTurns = 2;
  s.facts.enabled = facts;
  return s;
}

const lastUser = (r: ModelRequest) => r.messages.findLast((m) => m.role === 'user')?.content ?? '';

/** Reads the file a prompt names, then replies; distils one fact and a summary when asked. */
function model(retype = false) {
  return fakeModel(
    (r) => {
      const usage = { promptTokens: Math.ceil(JSON.stringify(r.messages).length / 4), completionTokens: 5 };
      const tool = r.messages.at(-1);
      if (tool?.role === 'tool')
        return { text: retype ? `Here it is:\n\n${tool.content}` : 'I read it.', toolCalls: [], usage };
      const path = /read (\S+)/.exec(lastUser(r))?.[1];
      if (!path) return { text: 'Noted.', toolCalls: [], usage };
      return { text: '', toolCalls: [{ callId: '', tool: 'read_file', arguments: { path } }], usage };
    },
    {
      generate: async (request) => ({
        value: {
          facts: [{ subject: 'entity', name: 'release codename', value: 'BLUE HERON', said: 'person' }],
          summary: `A summary written for ${request.purpose}.`,
        },
      }),
    },
  );
}

function conversation(
  options: { ids?: Ids; resume?: SavedConversation; retype?: boolean; facts?: boolean } = {},
) {
  const audit = memorySink();
  const convo = new Conversation({
    model: model(options.retype),
    clock: steppingClock(0, 1000, () => 0),
    ids: options.ids ?? sequentialIds(),
    audit,
    tools: [readTool],
    settings: settings(options.facts),
    instructions: 'system text',
    window: 700,
    ...(options.resume ? { resume: options.resume } : {}),
  });
  return { convo, audit };
}

/** A conversation that has condensed, referenced outputs and recorded facts and a summary. */
async function savedAfter(turns: number, facts = true) {
  const ids = sequentialIds();
  const { convo, audit } = conversation({ ids, facts });
  await convo.turn('The codename for the next release is BLUE HERON.');
  if (facts) convo.statePersonFact('entity', 'pilot team', 'the platform group');
  for (let i = 2; i <= turns; i++) await convo.turn(`Please read docs/part-${i}.md and summarise it.`);
  return { convo, audit, ids, files: convo.save() };
}

const resumeEvent = (events: AuditEvent[]) =>
  events.find((e): e is ResumeEvent => e.type === 'context.resume');

describe('save and resume', () => {
  it('rebuilds the store with sources, dropped entries and origins, and composes the same request', async () => {
    const { convo, files } = await savedAfter(7);
    const saved = convo.store.all();
    expect(saved.some((e) => !e.active)).toBe(true);
    expect(saved.some((e) => e.referencedAt !== undefined)).toBe(true);
    expect(convo.facts?.summaries.length).toBeGreaterThan(0);
    // Each summary version names the audit events of what it added, the highest entry it covers and
    // the model that wrote it.
    for (const version of convo.facts?.summaries ?? []) {
      expect(version.events).toEqual(version.added.flatMap((id) => convo.store.get(id)?.sources ?? []));
      expect(version.events.length).toBeGreaterThan(0);
      expect(version.highestEntry).toBe(Math.max(...version.added));
      expect(version.model).toBe('fake');
    }

    const { convo: resumed, audit } = conversation({ resume: { name: 'mid', ...files } });
    const rebuilt = resumed.store.all();
    expect(rebuilt.map((e) => [e.id, e.kind, e.text, e.turn, e.active, e.droppedBy])).toEqual(
      saved.map((e) => [e.id, e.kind, e.text, e.turn, e.active, e.droppedBy]),
    );
    expect(rebuilt.map((e) => e.sources)).toEqual(saved.map((e) => e.sources));
    expect(rebuilt.map((e) => [e.cuts, e.cutText, e.reference])).toEqual(
      saved.map((e) => [e.cuts, e.cutText, e.reference]),
    );
    expect(rebuilt.map((e) => e.origin)).toEqual(
      saved.map((e) => (e.kind === 'instructions' ? 'carried' : 'resumed')),
    );
    // Drops and references happened before the resumed conversation's first turn.
    expect(rebuilt.filter((e) => !e.active).every((e) => e.droppedAt === 0)).toBe(true);
    expect(rebuilt.filter((e) => e.active).every((e) => !('droppedAt' in e))).toBe(true);
    // Field for field the saved entries, with drops and references moved to turn 0 and the origin
    // resumed; what an overflow dropped within a turn is before the resumed conversation's turns.
    expect(rebuilt).toStrictEqual(
      saved.map(({ droppedAfter: _droppedAfter, ...e }) => ({
        ...e,
        origin: e.kind === 'instructions' ? 'carried' : 'resumed',
        ...(e.droppedAt !== undefined ? { droppedAt: 0 } : {}),
        ...(e.referencedAt !== undefined ? { referencedAt: 0 } : {}),
      })),
    );
    expect(rebuilt.filter((e) => e.referencedAt !== undefined).map((e) => e.id)).toEqual(
      saved.filter((e) => e.referencedAt !== undefined).map((e) => e.id),
    );
    expect(resumed.facts?.facts.all()).toEqual(convo.facts?.facts.all());
    expect(resumed.facts?.summaries).toEqual(convo.facts?.summaries);

    // The first request carries what the saving conversation would have sent next.
    expect(resumed.composeRequest(resumed.store.active(), 8)).toEqual(
      convo.composeRequest(convo.store.active(), 8),
    );
    const savedFacts = (JSON.parse(files.sidecar) as { facts: { facts: unknown[] } }).facts.facts;
    expect(savedFacts.length).toBeGreaterThan(0);
    expect(resumeEvent(audit.events)).toMatchObject({
      name: 'mid',
      turn: 7,
      entries: saved.length,
      dropped: saved.filter((e) => !e.active).length,
      facts: savedFacts.length,
      summaries: convo.facts?.summaries.length,
    });
    const start = audit.events.find((e): e is SessionStartEvent => e.type === 'session.start');
    expect(start?.resumed).toBe('mid');
    // The new session starts at the saved conversation's last turn.
    expect(start?.turn).toBe(7);
    expect(start?.carriedFrom).toEqual(['evt-1']);
    // The instructions came from the saving conversation's start, and keep that source.
    expect(saved[0]).toMatchObject({ kind: 'instructions', sources: ['evt-1'] });
  });

  it('resumes a conversation saved without facts, and one saved with facts into a conversation without them', async () => {
    const { files } = await savedAfter(5, false);
    expect(JSON.parse(files.sidecar)).toMatchObject({ facts: null });
    const { convo: withFacts, audit } = conversation({ resume: { name: 'plain', ...files } });
    expect(withFacts.facts?.facts.all()).toEqual([]);
    expect(withFacts.facts?.summaries).toEqual([]);
    expect(resumeEvent(audit.events)).toMatchObject({ facts: 0, summaries: 0 });

    const { files: factual } = await savedAfter(5);
    const { convo: without, audit: withoutAudit } = conversation({
      resume: { name: 'factual', ...factual },
      facts: false,
    });
    expect(without.facts).toBeNull();
    expect(resumeEvent(withoutAudit.events)).toMatchObject({ facts: 0, summaries: 0 });
    await without.turn('Go on.');
  });

  it('writes both files as JSON text ending in a newline', async () => {
    const { files } = await savedAfter(3);
    for (const text of [files.transcript, files.sidecar]) {
      expect(text.endsWith('}\n')).toBe(true);
      expect(text.endsWith('\n\n')).toBe(false);
      expect(() => JSON.parse(text) as unknown).not.toThrow();
    }
  });

  it('keeps a reply cut where it retyped an output, so the resumed conversation sends it cut too', async () => {
    const { convo } = conversation({ retype: true });
    await convo.turn('Please read docs/part-1.md and summarise it.');
    const reply = convo.store.all().find((e) => e.kind === 'reply');
    expect(reply?.cuts?.length).toBe(1);
    expect(reply?.cutText).toMatch(/^Here it is:\n\n\(showed the person the read_file output, entry \d+\)$/);

    const { convo: resumed } = conversation({ resume: { name: 'cut', ...convo.save() }, retype: true });
    const rebuilt = resumed.store.get(reply?.id ?? -1);
    expect(rebuilt?.cuts).toEqual(reply?.cuts);
    expect(rebuilt?.cutText).toBe(reply?.cutText);
    expect(resumed.composeRequest(resumed.store.active(), 2)).toEqual(
      convo.composeRequest(convo.store.active(), 2),
    );
  });

  it('goes on after the saved turns, in a new session, and saves again with the chain of sessions', async () => {
    const { files, ids } = await savedAfter(4);
    const { convo: resumed } = conversation({ ids, resume: { name: 'mid', ...files } });
    const figures = await resumed.turn('Please read docs/next.md and summarise it.');
    expect(figures).toMatchObject({ turn: 5, status: 'completed' });
    expect(figures.requests[0]?.fresh).toBe(true);
    const again = JSON.parse(resumed.save().sidecar) as { carriedFrom: string[]; session: string };
    expect(again.carriedFrom).toEqual(['evt-1']);
    expect(again.session).not.toBe('evt-1');
  });

  const broken: [string, (files: { transcript: string; sidecar: string }) => string | null, RegExp][] = [
    ['missing', () => null, /no store sidecar/],
    ['corrupt', () => 'this is not JSON', /does not decode/],
    ['truncated', (f) => f.sidecar.slice(0, Math.floor(f.sidecar.length / 2)), /does not decode/],
    ['of another version', (f) => f.sidecar.replace('"version": 1', '"version": 2'), /version 2, not 1/],
    [
      'malformed',
      (f) => f.sidecar.replace(/"sources": \[[^\]]*\]/, '"sources": "evt-2"'),
      /malformed: sidecar\.entries\[0\]\.sources is not a list/,
    ],
    [
      'with a malformed facts state',
      (f) => f.sidecar.replace('"lastFactId":', '"lastFactId": "x", "was":'),
      /malformed: facts\.lastFactId is not a whole number/,
    ],
  ];

  const refusal = (detail: RegExp) =>
    expect.objectContaining({
      code: 'RESUME_REFUSED',
      kind: 'input',
      exitStatus: 64,
      message: "transcript 'mid' was saved by an older wisp and cannot be resumed; start a new conversation",
      detail: expect.stringMatching(detail),
    });

  /** Resumes `saved`, expecting a refusal: returns what was thrown, the audit and the model's calls. */
  function refused(saved: SavedConversation) {
    const audit = memorySink();
    const watched = model();
    let thrown: unknown = null;
    try {
      new Conversation({
        model: watched,
        clock: steppingClock(0, 1000, () => 0),
        ids: sequentialIds(),
        audit,
        tools: [readTool],
        settings: settings(),
        instructions: 'system text',
        window: 700,
        resume: saved,
      });
    } catch (error) {
      thrown = error;
    }
    return { thrown, events: audit.events, calls: watched.requests };
  }

  it.each(broken)(
    'refuses to resume when the sidecar is %s, and starts nothing',
    async (_, spoil, detail) => {
      const { files } = await savedAfter(7);
      const { thrown, events, calls } = refused({
        name: 'mid',
        transcript: files.transcript,
        sidecar: spoil(files),
      });
      expect(thrown).toBeInstanceOf(ResumeRefusedError);
      expect(thrown).toEqual(refusal(detail));
      expect(events).toEqual([]);
      expect(calls).toEqual([]);
    },
  );

  it('refuses to resume when the sidecar belongs to another save', async () => {
    const early = await savedAfter(3);
    const late = await savedAfter(7);
    const { thrown, events } = refused({
      name: 'mid',
      transcript: early.files.transcript,
      sidecar: late.files.sidecar,
    });
    expect(thrown).toEqual(refusal(/does not match the transcript: it has \d+ active entries/));
    expect(events).toEqual([]);
  });

  it('refuses a transcript that cannot be read, naming it and why', () => {
    expect(refused({ name: 'mid', transcript: '{"version": 1', sidecar: null }).thrown).toEqual(
      refusal(/transcript 'mid' does not decode/),
    );
    expect(
      refused({ name: 'mid', transcript: '{"version": 1, "entries": [{}]}', sidecar: null }).thrown,
    ).toEqual(refusal(/transcript\.entries\[0\]\.id is not a whole number/));
  });
});
