import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORTERS, writeReports } from '../../../reports/reporters/index.js';
import { summaryMarkdown } from '../../../reports/reporters/summary-md.js';
import { makeRecord } from '../record-fixture.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wisp-reports-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const records = [
  makeRecord({
    run: 0,
    correct: 3,
    abstained: 2,
    delivered: 3,
    outcomes: { deliveredCorrect: 3, notDelivered: 1, neverEntered: 1 },
  }),
  makeRecord({
    run: 1,
    correct: 4,
    abstained: 1,
    delivered: 4,
    outcomes: { deliveredCorrect: 4, alarm: 1, neverEntered: 1 },
    truncated: 2,
  }),
  makeRecord({
    strategy: 'target-0.5',
    correct: 2,
    wrong: 1,
    settings: { 'context.target': 0.5 },
    status: 'failed',
    error: { code: 'MODEL_FAILED', message: 'the server went away', turn: 7 },
  }),
];

describe('summary.md', () => {
  it('shows each cell, the interval a single run cannot give, the settings that differ and the failures', () => {
    const md = summaryMarkdown(records);
    const lines = md.split('\n');
    expect(lines[0]).toBe('## wisp-eval summary');
    expect(lines[2]).toBe(
      '| scenario | strategy | model | window | runs | failed | correct | correct 95% CI | fraction | wrong | abstained | delivered | missed | not-delivered | never-entered | alarm | truncated | condensations | gap | calls | tokens | time |',
    );
    // Correct 3 and 4: mean 3.5, sd 0.7071; interval 3.5 ± 12.7062 · 0.7071/√2 = 3.5 ± 6.3531. The
    // honesty figures follow, the alarm and truncated requests marked when above zero.
    expect(lines[4]).toBe(
      '| codename | target | reader | 8192 | 2 | 0 | 3.50 ± 0.71 | [-2.85, 9.85] | 0.70 | 0.00 ± 0.00 | 1.50 ± 0.71 | 3.50 ± 0.71 | 0.00 ± 0.00 | 0.50 ± 0.71 | 1.00 ± 0.00 | 0.50 ± 0.71 ! | 1.00 ± 1.41 ! | 0.00 ± 0.00 | - | 0.0 | 100 | 0.10s |',
    );
    // Its one run failed: counted apart, and no figure is taken over it.
    expect(lines[5]).toBe(`| codename | target-0.5 | reader | 8192 | 1 | 1 |${' - |'.repeat(16)}`);
    expect(md).toContain(
      '### Settings that differ\n\n| strategy | context.target |\n| --- | --- |\n| target | 0.6 |\n| target-0.5 | 0.5 |',
    );
    expect(md).toContain(
      '- `codename.target-0.5.reader.w8192.r0`: MODEL_FAILED at turn 7: the server went away',
    );
  });

  it('says so when there are no runs', () => {
    expect(summaryMarkdown([])).toBe('## wisp-eval summary\n\nNo runs.\n');
  });
});

describe('writeReports', () => {
  it('writes every report into the folder, whole, and returns their paths', async () => {
    const written = await writeReports(dir, records);
    expect(written).toEqual(['summary.csv', 'turns.csv', 'summary.md', 'junit.xml'].map((f) => join(dir, f)));
    expect((await readdir(dir)).sort()).toEqual(['junit.xml', 'summary.csv', 'summary.md', 'turns.csv']);
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toBe(summaryMarkdown(records));
  });

  it('replaces reports written before, leaving no temporary file', async () => {
    await writeFile(
      join(dir, 'summary.md'),
      'old text that is longer than anything the new report will hold'.repeat(100),
    );
    await writeReports(dir, records.slice(0, 1));
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toBe(summaryMarkdown(records.slice(0, 1)));
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("appends the Markdown summary to GitHub's step summary when the environment names one", async () => {
    const summary = join(dir, 'step-summary.md');
    await writeFile(summary, '# earlier step\n');
    const out = join(dir, 'results');
    const written = await writeReports(out, records, { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(written).toContain(summary);
    await writeReports(out, records, { env: { GITHUB_STEP_SUMMARY: summary } });
    const text = await readFile(summary, 'utf8');
    expect(text.startsWith('# earlier step\n## wisp-eval summary')).toBe(true);
    expect(text.split('## wisp-eval summary')).toHaveLength(3);
    expect(await writeReports(out, records, { env: { GITHUB_STEP_SUMMARY: '' } })).not.toContain(summary);
  });

  it("refuses a FIFO or a device as GitHub's step summary, without waiting on it, naming that path", async () => {
    const fifo = join(dir, 'summary-fifo');
    execFileSync('mkfifo', [fifo]);
    for (const summary of [fifo, '/dev/null']) {
      const written = writeReports(join(dir, 'fifo-results'), records, {
        env: { GITHUB_STEP_SUMMARY: summary },
      });
      await expect(written).rejects.toMatchObject({ code: 'ENOTREGULAR', path: summary });
    }
  }, 5_000);

  it('writes only the reporters asked for, found by name', async () => {
    expect(Object.keys(REPORTERS)).toEqual([
      'summary-csv',
      'turns-csv',
      'summary-md',
      'junit',
      'github-summary',
    ]);
    expect(await writeReports(dir, records, { reporters: ['junit'] })).toEqual([join(dir, 'junit.xml')]);
  });

  it('fails when the folder cannot be written, leaving no temporary file', async () => {
    const blocked = join(dir, 'a-file');
    await writeFile(blocked, '');
    await expect(writeReports(join(blocked, 'results'), records)).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});

describe('summary.md, which GitHub renders as the step summary', () => {
  it('embeds no HTML or line break from a model name or a server error body', () => {
    const record = makeRecord({
      model: 'ollama:<img src=x onerror=alert(1)>',
      status: 'failed',
      error: { code: 'MODEL_FAILED', turn: 2, message: 'server said <script>steal()</script>\n# Heading' },
    });
    const text = summaryMarkdown([record]);
    // A code span shows its text literally; outside one, no tag is left to render.
    expect(text.replace(/`[^`\n]*`/g, '')).not.toMatch(/<img|<script/);
    expect(text).toContain('ollama:&lt;img src=x onerror=alert(1)&gt;');
    expect(text).toContain('server said &lt;script&gt;steal()&lt;/script&gt; # Heading');
    expect(text).not.toMatch(/^# Heading/m);
  });
});
