/**
 * docs/ARCHITECTURE.md says what lint holds, so it is checked against the rules themselves: the
 * drawing of the runner folders and the table of what each may import are RUNNER_ALLOWS of
 * eslint.config.js, every runner folder has its row, and every module the saved formats' table names
 * exists.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { fencedBlocks, readDoc, repoRoot } from './markdown.js';

type RunnerAllows = Record<string, { runners: string[]; top: string[] }>;

const doc = readDoc('docs/ARCHITECTURE.md');
let allows: RunnerAllows;

beforeAll(async () => {
  const config = (await import(pathToFileURL(join(repoRoot, 'eslint.config.js')).href)) as {
    RUNNER_ALLOWS: RunnerAllows;
  };
  allows = config.RUNNER_ALLOWS;
});

/** The text of the section under the heading `title`, up to the next heading of its level. */
function section(title: string): string {
  const text = doc.split(`\n## ${title}\n`)[1];
  if (text === undefined) throw new Error(`docs/ARCHITECTURE.md has no section "${title}"`);
  return text.split('\n## ')[0] ?? '';
}

/** The rows of the Markdown tables of `text`, each as its cells, header and rule rows left out. */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    )
    .slice(1);
}

/** The code spans of a cell. */
function spans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
}

describe('docs/ARCHITECTURE.md', () => {
  it('draws exactly the arrows between runner folders that RUNNER_ALLOWS allows, io/ left out as it says', () => {
    const drawing = fencedBlocks(section('Inside `runners/`')).find((block) => block.info === 'mermaid');
    const drawn = (drawing?.text ?? '')
      .split('\n')
      .map((line) => /^\s*(\w+) --> (\w+)$/.exec(line))
      .flatMap((m) => (m === null ? [] : [`${m[1]} -> ${m[2]}`]));
    const allowed = Object.entries(allows).flatMap(([from, { runners }]) =>
      runners.filter((to) => to !== 'io').map((to) => `${from} -> ${to}`),
    );
    expect(drawn.sort()).toEqual(allowed.sort());
  });

  it('gives every runner folder a row listing exactly what RUNNER_ALLOWS lets it import', () => {
    const rows = tableRows(section('Inside `runners/`')).filter((row) => row.length === 3);
    const listed = new Map(rows.map((row) => [spans(row[0] ?? '')[0] ?? '', spans(row[2] ?? '')]));
    const folders = readdirSync(join(repoRoot, 'runners'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${entry.name}/`);
    expect([...listed.keys()].sort()).toEqual(folders.sort());
    for (const [name, { runners, top }] of Object.entries(allows)) {
      const expected = [...runners.map((r) => `${r}/`), ...top.map((t) => `../${t}/`)];
      expect([...(listed.get(`${name}/`) ?? [])].sort(), name).toEqual(expected.sort());
    }
  });

  it('names, for every saved format, a schema module that exists', () => {
    const rows = tableRows(section('Saved formats'));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      const modules = spans(row[1] ?? '').filter((span) => span.includes('/'));
      expect(modules.length, row[0]).toBeGreaterThan(0);
      for (const module of modules) expect(existsSync(join(repoRoot, module)), module).toBe(true);
    }
  });
});
