import { describe, expect, it } from 'vitest';
import { sizeOf, sizeOfFile } from '../../scripts/reader-size/count.js';

describe('the size of source, as the reader issue measures it', () => {
  it('counts regular expressions as the parser reads them, not every slash', () => {
    const size = sizeOfFile({
      path: 'kiln.ts',
      text: [
        "import { words } from './lexicon.js';",
        '// a comment with /slashes/ in it',
        "const half = total / 2 / 3; const note = 'a /quoted/ path';",
        'const cone = /cone \\d+/i;',
        "const shelf = new RegExp('shelf ' + half, 'g');",
        "const glaze = RegExp('glaze');",
        '',
      ].join('\n'),
    });
    expect(size.regexes.map((site) => [site.line, site.text])).toEqual([
      [4, '/cone \\d+/i'],
      [5, "new RegExp('shelf ' + half, 'g')"],
      [6, "RegExp('glaze')"],
    ]);
    expect(size.lines).toBe(6);
  });

  it('counts if statements, else-ifs among them', () => {
    const { ifs } = sizeOfFile({
      path: 'kiln.ts',
      text: 'if (a) b(); else if (c) d(); else e();\nconst f = a ? b : c;\n',
    });
    expect(ifs).toBe(2);
  });

  it("counts the words of word lists, not tags in capitals, a module's name or a message", () => {
    const size = sizeOfFile({
      path: 'kiln.ts',
      text: [
        "import { analyse } from './language.js';",
        "const VERBS = words('fire glaze', 'load');",
        "const KINDS = ['stoneware', 'bone china'];",
        "const TAGS = ['NOUN', 'PROPN'];",
        "const single = ['kiln'];",
        "throw new Error('the kiln is not ready');",
      ].join('\n'),
    });
    expect(size.listedWords).toBe(6);
    expect(size.lists.map((site) => site.line)).toEqual([2, 3]);
  });

  it('adds up several files, and nothing for none', () => {
    const one = { path: 'a.ts', text: 'if (x) y(/a/);\n' };
    const two = { path: 'b.ts', text: "const w = words('one two');\n" };
    const total = sizeOf([one, two]);
    expect([total.files, total.lines, total.ifs, total.regexes.length, total.listedWords]).toEqual([
      2, 2, 1, 1, 2,
    ]);
    expect(sizeOf([])).toEqual({ files: 0, lines: 0, ifs: 0, regexes: [], listedWords: 0, lists: [] });
    expect(sizeOfFile({ path: 'empty.ts', text: '' }).lines).toBe(0);
  });
});
