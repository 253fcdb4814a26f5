/**
 * report.html opened from disk in headless Chromium (Debian's package, driven by playwright-core):
 * the charts have one point per turn, condensations sit where the records put them, a wrong probe
 * opens the inspector at its turn with the entries the harness composes there, and nothing logs an
 * error. One browser and one small results folder serve every test.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRunFiles, readRunRecords } from '../../../records/read-run-files.js';
import type { RunRecord } from '../../../records/run-record.js';
import { RunContexts } from '../../../reports/inspect/context-at-turn.js';
import { bufferIO } from '../../../runners/cli/io.js';
import { main } from '../../../runners/cli/main.js';

/** The system's Chromium; CHROMIUM names another. `.ci/run` installs Debian's when it is missing. */
const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';

let out: string;
let dir: string;
let browser: Browser;
let page: Page;
let records: RunRecord[];
let problems: string[];

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: apt-get install -y chromium (as .ci/run does), or set CHROMIUM`,
    );
  out = await mkdtemp(join(tmpdir(), 'wisp-report-'));
  dir = join(out, 'results');
  const io = bufferIO();
  const args = ['run', '--scenario', 'reading', '--scenario', 'codename', '--strategy', 'dropping'];
  expect(
    await main([...args, '--strategy', 'target', '--window', '8192', '--jobs', '2', '--out', dir], io),
  ).toBe(0);
  records = await readRunRecords(dir);
  browser = await chromium.launch({ executablePath: CHROMIUM });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (out) await rm(out, { recursive: true, force: true });
});

beforeEach(async () => {
  problems = [];
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  // Nothing may be fetched: the page is whole.
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) problems.push(`request: ${request.url()}`);
  });
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
});

afterEach(async () => {
  await page.close();
  expect(problems).toEqual([]);
});

function record(id: string): RunRecord {
  const found = records.find((r) => r.id === id);
  if (!found) throw new Error(`no run ${id}`);
  return found;
}

const visible = 'article.run:not([hidden])';

async function showRun(id: string): Promise<void> {
  await page.selectOption('#run-select', id);
}

describe('report.html in Chromium', () => {
  it('lists every cell in the overview, and a click on a row shows its run', async () => {
    expect(await page.locator('table.overview tbody tr').count()).toBe(4);
    await page.locator('tr.cell-row[data-run="reading.target.reader.w8192.r0"]').click();
    await expect
      .poll(() => page.locator(`${visible} h3`).textContent())
      .toBe('reading.target.reader.w8192.r0');
  });

  it("draws every run's fill chart with one point per turn", async () => {
    for (const r of records) {
      await showRun(r.id);
      expect(await page.locator(`${visible} .fill-point`).count(), r.id).toBe(r.turns);
      expect(await page.locator(`${visible} .condensation`).count(), r.id).toBe(r.condensations.length);
      expect(await page.locator(`${visible} .probe-mark`).count(), r.id).toBe(r.probes.length);
    }
  });

  it("shows target's condensations landing under its goal line, and dropping's firing turn after turn", async () => {
    await showRun('reading.target.reader.w8192.r0');
    const goalY = Number(await page.locator(`${visible} line.limit.goal`).getAttribute('y1'));
    const ends = await page
      .locator(`${visible} .condensation line`)
      .evaluateAll((lines) => lines.map((line) => Number(line.getAttribute('y2'))));
    expect(ends.length).toBe(3);
    // SVG's y grows downwards: below the goal line is a larger y.
    for (const y of ends) expect(y).toBeGreaterThan(goalY);
    const dropping = record('reading.dropping.reader.w8192.r0');
    expect(dropping.condensations.length).toBeGreaterThan(10);
    await showRun(dropping.id);
    expect(await page.locator(`${visible} line.limit.goal`).count()).toBe(0);
    expect(await page.locator(`${visible} .condensation`).count()).toBe(dropping.condensations.length);
  });

  it('compares the strategies on one scenario and window, one point per turn each', async () => {
    const figure = page.locator('figure.comparison:not([hidden])');
    expect(await figure.locator('.strategy-line').count()).toBe(2);
    const turns = record(
      `${(await figure.locator('.strategy-line').first().getAttribute('data-run'))?.split('.')[0]}.dropping.reader.w8192.r0`,
    ).turns;
    expect(await figure.locator('.strategy-line').first().locator('.compare-point').count()).toBe(turns);
  });

  it("opens the inspector at a wrong probe's turn, with the entries the harness composes there", async () => {
    const id = 'codename.dropping.reader.w8192.r0';
    const probe = record(id).probes.find((p) => p.verdict === 'wrong');
    if (!probe) throw new Error('codename under dropping at 8,192 has a wrong probe');
    await showRun(id);
    await page.locator(`${visible} tr.probe-row[data-probe="${probe.id}"]`).click();
    await expect
      .poll(() => page.locator('#inspector h3').textContent())
      .toBe(`Context at turn ${probe.turn} of ${id}`);
    expect(page.url()).toContain(`#run=${encodeURIComponent(id)}&turn=${probe.turn}`);
    const shown = await page
      .locator('#inspector .entries.carried .entry')
      .evaluateAll((nodes) =>
        nodes.map((node) => [Number(node.getAttribute('data-id')), node.getAttribute('data-sent')]),
      );
    const ctx = new RunContexts(await loadRunFiles(dir, record(id))).at(probe.turn);
    expect(shown).toEqual(ctx.entries.map((e) => [e.id, e.sentAs]));
    // The first file's turn is gone: the read of the first document was dropped by a condensation.
    const firstRead = ctx.gone.find((g) => g.kind === 'toolOutput');
    expect(firstRead).toBeDefined();
    const gone = page.locator(`#inspector .entries.gone-list .entry[data-id="${firstRead?.id}"]`);
    expect(await gone.locator('summary').textContent()).toContain('dropped');
    // An entry opens to its text as sent.
    const last = page.locator('#inspector .entries.carried .entry').last();
    await last.locator('summary').click();
    expect(await last.locator('pre').first().textContent()).toBe(ctx.entries.at(-1)?.sent);
    // The turn moves with the controls.
    await page.locator('#inspector button', { hasText: 'previous' }).click();
    await expect
      .poll(() => page.locator('#inspector h3').textContent())
      .toBe(`Context at turn ${probe.turn - 1} of ${id}`);
  });

  it('opens at the run and turn its address names', async () => {
    const id = 'reading.target.reader.w8192.r0';
    // The run's first condensation, and the turn after it, from its record.
    const condensed = records.find((r) => r.id === id)?.condensations[0]?.turn ?? 0;
    expect(condensed).toBeGreaterThan(1);
    const after = condensed + 1;
    await page.goto(
      pathToFileURL(join(dir, 'report.html')).href + `#run=${encodeURIComponent(id)}&turn=${after}`,
    );
    await expect
      .poll(() => page.locator('#inspector h3').textContent())
      .toBe(`Context at turn ${after} of ${id}`);
    const changes = await page.locator('#inspector ul.changes li').allTextContents();
    expect(changes.some((line) => line.startsWith('condensed (budget)'))).toBe(false);
    await page.locator('#inspector input[type="number"]').fill(String(condensed));
    await page.locator('#inspector input[type="number"]').dispatchEvent('change');
    const at30 = await page.locator('#inspector ul.changes li').allTextContents();
    expect(at30.some((line) => line.startsWith('condensed (budget)'))).toBe(true);
  });

  it('is one file with nothing to fetch', async () => {
    expect((await stat(join(dir, 'report.html'))).size).toBeLessThan(2_000_000);
    expect(await page.locator('script[src], link[rel="stylesheet"], img[src]').count()).toBe(0);
  });
});
