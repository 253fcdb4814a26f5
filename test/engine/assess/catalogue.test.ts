import { describe, expect, it } from 'vitest';
import { catalogueNames, toolCatalogue, toolClause } from '../../../engine/assess/catalogue.js';
import { CATALOGUE_HEADER } from '../../../engine/protocol.js';

describe('the tool catalogue', () => {
  const spec = (name: string, description: string) => ({ name, description, parameters: {} });

  it("gives each tool one clause: its description's first sentence, at most 80 characters", () => {
    expect(toolClause(spec('read_file', 'Read a text file, a page at a time. Lines are numbered.'))).toBe(
      'read a text file, a page at a time',
    );
    const long = toolClause(spec('x', `Do ${'very '.repeat(30)}much.`));
    expect(Array.from(long)).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });

  it('lists every tool under a first line that says any may be called, and reads back its names', () => {
    const text = toolCatalogue([spec('read_file', 'Read a file.'), spec('run_command', 'Run a command.')]);
    expect(text).toBe(`${CATALOGUE_HEADER}\n- read_file: read a file\n- run_command: run a command`);
    expect(catalogueNames(`You are helpful.\n\n${text}`)).toEqual(['read_file', 'run_command']);
    expect(catalogueNames('No catalogue here.')).toEqual([]);
  });
});
