/** Reading the repository's Markdown as the tests of its docs need: fenced blocks, links, headings. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The text of a file of the repository, by its path from the root. */
export function readDoc(path: string): string {
  return readFileSync(`${repoRoot}/${path}`, 'utf8');
}

/** A fenced code block: its info string, its text without the fences, and the line its fence opens on. */
export interface FencedBlock {
  info: string;
  text: string;
  line: number;
}

/** Every fenced (```) block of a Markdown text, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] ?? '');
    if (open === null) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i] ?? '');
    if (i >= lines.length) throw new Error(`the code block opened on line ${start + 1} is never closed`);
    blocks.push({ info: open[1] ?? '', text: body.join('\n'), line: start + 1 });
  }
  return blocks;
}

/** The fenced block whose first line starts with `prefix`; fails the test when there is none. */
export function blockStartingWith(markdown: string, prefix: string): FencedBlock {
  const block = fencedBlocks(markdown).find((b) => b.text.startsWith(prefix));
  if (block === undefined) throw new Error(`no code block starts with ${JSON.stringify(prefix)}`);
  return block;
}

/** The link targets of a Markdown text (inline links and images), fenced blocks and code spans left out. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

/** The anchors GitHub gives a Markdown text's headings: lower case, punctuation dropped, spaces as dashes. */
export function headingAnchors(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  const anchors = new Set<string>();
  for (const m of prose.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = (m[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}
