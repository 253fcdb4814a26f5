import { describe, expect, it } from 'vitest';
import type { Message, ToolSpec } from '../../../../engine/model/port.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { editInSentence, planEdit } from '../../../../runners/models/reader/edit-request.js';
import { TOOLS, assistant, exchange, page, request, user } from './conversation-fixtures.js';

const reader = () => createReaderModel({ profile: 'reader', window: 32_768 });

/** edit_file as the engine registers it, beside read_file and run_command. */
const EDIT_TOOLS: ToolSpec[] = [
  ...TOOLS,
  {
    name: 'edit_file',
    description: 'Write, append to, or change one unique string of a text file in the workspace.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        mode: { type: 'string', enum: ['write', 'append', 'replace'] },
        text: { type: 'string' },
        old: { type: 'string' },
      },
      required: ['path', 'mode', 'text'],
    },
  },
];

const SETTINGS = [
  '# Irrigation settings',
  'export const VALVE_COUNT = 4;',
  'export const PUMP_MINUTES = 12;',
  'export const NIGHT_START = "22:00";',
];

/** A turn in which the model read lib/irrigation.js. */
const readSettings: Message[] = [
  user('Please read lib/irrigation.js.'),
  ...exchange('r1', 'read_file', { path: 'lib/irrigation.js' }, page(SETTINGS, 1, false)),
  assistant('I read lib/irrigation.js: Irrigation settings.'),
];

const lines = new Map(SETTINGS.map((line, i) => [i + 1, line]));

describe('edit requests read from the sentence', () => {
  it('reads the file, the subject and the values', () => {
    expect(editInSentence('Please change PUMP_MINUTES in lib/irrigation.js from 12 to 15.')).toEqual({
      path: 'lib/irrigation.js',
      verb: 'change',
      subject: 'PUMP_MINUTES',
      from: '12',
      to: '15',
    });
    expect(editInSentence('Could you set VALVE_COUNT in lib/irrigation.js to 6?')).toMatchObject({
      subject: 'VALVE_COUNT',
      to: '6',
    });
    expect(editInSentence('Replace "Irrigation" with "Watering" in lib/irrigation.js.')).toMatchObject({
      from: 'Irrigation',
      to: 'Watering',
    });
    expect(editInSentence('In lib/irrigation.js, change 12 to 15.')).toMatchObject({ from: '12', to: '15' });
  });

  it('takes no statement, past change or question for a request', () => {
    expect(editInSentence('We changed PUMP_MINUTES in lib/irrigation.js from 10 to 12 last spring.')).toBe(
      undefined,
    );
    expect(editInSentence('The gardener will change the timer in lib/irrigation.js to 15.')).toBe(undefined);
    expect(editInSentence('Did you change PUMP_MINUTES in lib/irrigation.js from 12 to 15?')).toBe(undefined);
    expect(editInSentence('Please change the pump schedule.')).toBe(undefined);
  });

  it('changes only the line that holds the old value whole', () => {
    const plan = planEdit(
      { path: 'lib/irrigation.js', verb: 'change', subject: 'PUMP_MINUTES', from: '12', to: '15' },
      lines,
    );
    expect(plan).toEqual({
      calls: [
        {
          tool: 'edit_file',
          arguments: {
            path: 'lib/irrigation.js',
            mode: 'replace',
            old: 'export const PUMP_MINUTES = 12;',
            text: 'export const PUMP_MINUTES = 15;',
          },
        },
      ],
    });
  });

  it('sets a value it finds after the name, keeping its quotes', () => {
    const plan = planEdit(
      { path: 'lib/irrigation.js', verb: 'set', subject: 'NIGHT_START', to: '23:00' },
      lines,
    );
    expect(plan).toMatchObject({ calls: [{ arguments: { text: 'export const NIGHT_START = "23:00";' } }] });
  });

  it('refuses when no line read holds the old value, or when several do', () => {
    const absent = planEdit(
      { path: 'lib/irrigation.js', verb: 'change', subject: 'PUMP_MINUTES', from: '1', to: '2' },
      lines,
    );
    expect(absent).toEqual({ refusal: expect.stringMatching(/^I can't make that change: no line I read/) });
    const twice = planEdit(
      { path: 'a.txt', verb: 'change', from: 'blue', to: 'green' },
      new Map([
        [1, 'the blue hose'],
        [2, 'the blue tap'],
      ]),
    );
    expect(twice).toEqual({ refusal: expect.stringMatching(/lines 1, 2; say which one/) });
  });
});

describe('reader makes a requested edit', () => {
  it('edits at once when a read in view holds the line, and says what it changed', async () => {
    const prompt = user('Please change PUMP_MINUTES in lib/irrigation.js from 12 to 15.');
    const first = await reader().respond(request([...readSettings, prompt], EDIT_TOOLS));
    expect(first.toolCalls).toEqual([
      {
        callId: expect.any(String),
        tool: 'edit_file',
        arguments: {
          path: 'lib/irrigation.js',
          mode: 'replace',
          old: 'export const PUMP_MINUTES = 12;',
          text: 'export const PUMP_MINUTES = 15;',
        },
      },
    ]);
    const done = await reader().respond(
      request(
        [
          ...readSettings,
          prompt,
          ...exchange(
            'e1',
            'edit_file',
            first.toolCalls[0]?.arguments ?? {},
            'replaced 1 occurrence in lib/irrigation.js',
          ),
        ],
        EDIT_TOOLS,
      ),
    );
    expect(done.toolCalls).toEqual([]);
    expect(done.text).toBe(
      'I changed lib/irrigation.js: `export const PUMP_MINUTES = 12;` now reads `export const PUMP_MINUTES = 15;`.',
    );
  });

  it('reads the file first when nothing in view shows it, then edits', async () => {
    const prompt = user('Change VALVE_COUNT in lib/irrigation.js from 4 to 6, please.');
    const first = await reader().respond(request([prompt], EDIT_TOOLS));
    expect(first.toolCalls).toEqual([
      { callId: expect.any(String), tool: 'read_file', arguments: { path: 'lib/irrigation.js' } },
    ]);
    const read = exchange('r2', 'read_file', { path: 'lib/irrigation.js' }, page(SETTINGS, 1, false));
    const second = await reader().respond(request([prompt, ...read], EDIT_TOOLS));
    expect(second.toolCalls).toMatchObject([
      {
        tool: 'edit_file',
        arguments: { old: 'export const VALVE_COUNT = 4;', text: 'export const VALVE_COUNT = 6;' },
      },
    ]);
  });

  it('says so, and edits nothing, when the old text is not in the file', async () => {
    const prompt = user('Please change PUMP_MINUTES in lib/irrigation.js from 30 to 45.');
    const read = exchange('r3', 'read_file', { path: 'lib/irrigation.js' }, page(SETTINGS, 1, false));
    const response = await reader().respond(request([prompt, ...read], EDIT_TOOLS));
    expect(response.toolCalls).toEqual([]);
    expect(response.text).toMatch(
      /^I can't make that change: no line I read of lib\/irrigation\.js holds `30`/,
    );
  });

  it('reports a refused edit rather than claiming it', async () => {
    const prompt = user('Please change PUMP_MINUTES in lib/irrigation.js from 12 to 15.');
    const args = { path: 'lib/irrigation.js', mode: 'replace', old: 'x', text: 'y' };
    const refused = exchange(
      'e2',
      'edit_file',
      args,
      'error: the text to replace occurs 0 times in lib/irrigation.js',
    );
    const response = await reader().respond(request([...readSettings, prompt, ...refused], EDIT_TOOLS));
    expect(response.toolCalls).toEqual([]);
    expect(response.text).toMatch(/^The edit_file call failed: the text to replace occurs 0 times/);
  });

  it('says it cannot edit without the tool, and only acknowledges a statement about a change', async () => {
    const asked = await reader().respond(
      request([...readSettings, user('Please change PUMP_MINUTES in lib/irrigation.js from 12 to 15.')]),
    );
    expect(asked).toMatchObject({ text: expect.stringMatching(/no tool to edit files/), toolCalls: [] });
    const told = await reader().respond(
      request(
        [...readSettings, user('The gardener changed PUMP_MINUTES in lib/irrigation.js from 10 to 12.')],
        EDIT_TOOLS,
      ),
    );
    expect(told).toMatchObject({ text: 'Noted.', toolCalls: [] });
  });

  it('answers a question about an edit rather than making it', async () => {
    const response = await reader().respond(
      request(
        [...readSettings, user('Did you change PUMP_MINUTES in lib/irrigation.js from 12 to 15?')],
        EDIT_TOOLS,
      ),
    );
    expect(response.toolCalls).toEqual([]);
  });

  it('answers the value now from the edit it made, not from the request or the old read', async () => {
    const prompt = user('Please change PUMP_MINUTES in lib/irrigation.js from 12 to 15.');
    const args = {
      path: 'lib/irrigation.js',
      mode: 'replace',
      old: 'export const PUMP_MINUTES = 12;',
      text: 'export const PUMP_MINUTES = 15;',
    };
    const history = [
      ...readSettings,
      prompt,
      ...exchange('e3', 'edit_file', args, 'replaced 1 occurrence in lib/irrigation.js'),
      assistant('I changed lib/irrigation.js.'),
      user('What is PUMP_MINUTES set to now?'),
    ];
    const response = await reader().respond(request(history, EDIT_TOOLS));
    expect(response.text).toBe('export const PUMP_MINUTES = 15;');
  });
});
