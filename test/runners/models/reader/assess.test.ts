import { describe, expect, it } from 'vitest';
import { toolCatalogue, type Message, type ToolSpec } from '../../../../engine/index.js';
import { assess } from '../../../../runners/models/reader/assess.js';
import { readerAct } from '../../../../runners/models/reader/index.js';

const spec = (name: string, description: string): ToolSpec => ({ name, description, parameters: {} });
const TOOLS = [
  spec('read_file', 'Read a text file of the workspace, a page at a time.'),
  spec('edit_file', 'Write, append to, or change a text file.'),
  spec('run_command', 'Run a shell command in the workspace.'),
];

function material(request: string, task = 'Current task: none yet.', facts = 'Facts: none.'): string {
  return [
    toolCatalogue(TOOLS),
    task,
    facts,
    'Tools the previous request used: none.',
    `Request:\n${request}`,
  ].join('\n\n');
}

describe("the reader's assessment", () => {
  it('chooses the tools whose name or clause shares a word with the request', () => {
    expect(assess(material('Please read docs/a.md.')).tools).toEqual(['read_file']);
    expect(assess(material('Run the shell script, then change the text of notes.md.')).tools).toEqual([
      'read_file',
      'edit_file',
      'run_command',
    ]);
    expect(assess(material('Who owns the mirror?')).tools).toEqual([]);
  });

  it('takes a request for work as the task while the task may change, and no question', () => {
    expect(assess(material('Please read docs/a.md and summarise it.')).task).toBe(
      'Please read docs/a.md and summarise it.',
    );
    expect(assess(material('Who owns the mirror?')).task).toBe('');
    expect(assess(material('Task: ship the installer. Then read a.md.')).task).toBe('ship the installer.');
    expect(
      assess(material('Please read docs/a.md.', 'Current task (fixed: this request does not change it): x'))
        .task,
    ).toBe('');
  });

  it('chooses the facts whose identity shares a word with the request, by id', () => {
    const facts =
      'Facts (ids and what they are about):\n- fact-1: entity release codename\n- fact-2: entity pilot team';
    expect(assess(material('What is the codename of the release?', undefined, facts)).facts).toEqual([
      'fact-1',
    ]);
  });

  it('gives its intent in one line, the request’s first sentence', () => {
    expect(assess(material('Read a.md.\nThen b.md.')).intent).toBe('Read a.md.');
  });
});

describe('the reader and a tool catalogue', () => {
  const system = (catalogue: boolean): Message => ({
    role: 'system',
    content: catalogue ? `Be brief.\n\n${toolCatalogue(TOOLS)}` : 'Be brief.',
  });
  const ask: Message = { role: 'user', content: 'Please read docs/a.md.' };

  it('calls a tool the catalogue lists even when the request did not register it, as a small model may', () => {
    const act = readerAct([system(true), ask], [TOOLS[2] as ToolSpec]);
    expect(act.toolCalls.map((c) => c.tool)).toEqual(['read_file']);
  });

  it('without a catalogue, calls only registered tools', () => {
    const act = readerAct([system(false), ask], [TOOLS[2] as ToolSpec]);
    expect(act.toolCalls).toEqual([]);
  });
});
