/** How a fact's source is named in the blocks and the memory tool's answers. */
import { describe, expect, it } from 'vitest';
import { PERSON_COMMAND_DETAIL, sourceName } from '../../../engine/facts/fact.js';

describe("a fact's source, by name", () => {
  it("names the person's command apart from a tool, though it ranks as one", () => {
    expect(sourceName({ kind: 'tool', method: 'extracted', detail: PERSON_COMMAND_DETAIL })).toBe(
      "the person's command",
    );
    expect(sourceName({ kind: 'tool', method: 'extracted', detail: 'read_file' })).toBe('tool read_file');
    expect(sourceName({ kind: 'tool', method: 'extracted' })).toBe('a tool');
  });

  it('names the other sources by their kind, whatever their detail', () => {
    expect(sourceName({ kind: 'person', method: 'stated' })).toBe('the person');
    expect(sourceName({ kind: 'model', method: 'distilled', detail: PERSON_COMMAND_DETAIL })).toBe(
      'the model',
    );
  });
});
