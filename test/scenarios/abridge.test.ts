import { describe, expect, it } from 'vitest';
import { abridge } from '../../scenarios/abridge.js';

const section = (title: string, words: number): string =>
  `## ${title}\n\n${Array.from({ length: words }, (_, i) => `${title.toLowerCase()}${i}`).join(' ')}.\n\n`;
const doc = `# Title\n\nOpening paragraph.\n\n${['One', 'Two', 'Three', 'Four', 'Five'].map((t) => section(t, 40)).join('')}`;
const none = (): boolean => false;

describe('abridge', () => {
  it('takes whole sections from the end until the text fits', () => {
    const size = Buffer.byteLength(doc);
    const edition = abridge(doc, none, size - 300);
    expect(Buffer.byteLength(edition)).toBeLessThanOrEqual(size - 300);
    expect(edition).toContain('## Three');
    expect(edition).not.toContain('## Five');
    expect(edition.endsWith('\n')).toBe(true);
  });

  it('never takes a section that keep protects, and takes an earlier one instead', () => {
    const edition = abridge(doc, (s) => s.startsWith('## Five'), Buffer.byteLength(doc) - 300);
    expect(edition).toContain('## Five');
    expect(edition).not.toContain('## Four');
  });

  it('keeps the opening and three sections, even when the text is then too long', () => {
    const edition = abridge(doc, none, 10);
    expect(edition.startsWith('# Title\n\nOpening paragraph.')).toBe(true);
    expect(edition.match(/^## /gm)).toHaveLength(3);
  });

  it('changes nothing in a text that fits, and every line it keeps is a line of the text in order', () => {
    expect(abridge(doc, none, 1e6)).toBe(doc.trimEnd() + '\n');
    const lines = doc.split('\n');
    let at = 0;
    for (const line of abridge(doc, none, 600).split('\n')) {
      at = lines.indexOf(line, at);
      expect(at).toBeGreaterThanOrEqual(0);
    }
  });
});
