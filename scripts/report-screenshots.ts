/**
 * The README's pictures of report.html: the overview and one run's fill chart with its inspector,
 * taken in headless Chromium from a results folder's report.
 *
 *   npx tsx scripts/report-screenshots.ts RESULTS_DIR [RUN_ID] [TURN]
 *
 * Writes docs/report-overview.png, docs/report-run.png and docs/report-inspector.png. The README's come from
 * `npm run -s eval -- run --scenario reading --strategy dropping --strategy target --window 8192`,
 * with the target run at turn 42 (its wrong probe).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ScriptFailure } from './errors.js';

const [dir, run = 'reading.target.reader.w8192.r0', turn = '42'] = process.argv.slice(2);
if (dir === undefined) {
  console.error('usage: npx tsx scripts/report-screenshots.ts RESULTS_DIR [RUN_ID] [TURN]');
  process.exit(2);
}
const docs = join(import.meta.dirname, '..', 'docs');
await mkdir(docs, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1240, height: 860 }, deviceScaleFactor: 1 });
  const report = pathToFileURL(join(dir, 'report.html')).href;
  await page.goto(report);
  await page.screenshot({ path: join(docs, 'report-overview.png') });
  await page.goto(`${report}#run=${encodeURIComponent(run)}&turn=${turn}`);
  await page.locator('#inspector h3').waitFor();
  const article = page.locator('article.run:not([hidden])');
  const chart = await article.locator('figure').boundingBox();
  const head = await article.locator('h3').boundingBox();
  if (chart === null || head === null) throw new ScriptFailure(`no chart for ${run}`);
  // Boxes are measured in the viewport; a full-page clip is in the page.
  const scrolled = Number(await page.evaluate('window.scrollY'));
  await page.screenshot({
    path: join(docs, 'report-run.png'),
    fullPage: true,
    clip: { x: 0, y: scrolled + head.y - 10, width: 1240, height: chart.y + chart.height - head.y + 20 },
  });
  const inspector = await page.locator('#inspector').boundingBox();
  if (inspector === null) throw new ScriptFailure('no inspector');
  const at = Number(await page.evaluate('window.scrollY'));
  await page.screenshot({
    path: join(docs, 'report-inspector.png'),
    fullPage: true,
    clip: {
      x: inspector.x,
      y: at + inspector.y,
      width: inspector.width,
      height: Math.min(inspector.height, 760),
    },
  });
} finally {
  await browser.close();
}
