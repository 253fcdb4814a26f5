/**
 * The evals UI: `vitest --ui --open=false` on the fixture eval file, on a free port, opened in
 * Debian's Chromium through playwright-core. The page lists the fixture's file, its scenario and cell
 * suites and every probe's test, counts the wrong probe as the one failure, and logs no error. The
 * UI's web font is the one thing it fetches from outside; it is answered empty here, so the test
 * needs no network. Every wait is bounded; the server is stopped with its whole process group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG = fileURLToPath(new URL('./fixtures/evals/vitest.config.ts', import.meta.url));
/** How long the server may take to answer, and the page to list the fixture's tests once they ran. */
const START_MS = 90_000;

let out: string;
let server: ChildProcess | undefined;
let output = '';
let browser: Browser | undefined;

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function answers(url: string, until: number): Promise<void> {
  while (Date.now() < until) {
    if (server?.exitCode !== null)
      throw new Error(`vitest --ui stopped (exit ${server?.exitCode}):\n${output}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`vitest --ui did not answer at ${url} within ${START_MS} ms:\n${output}`);
}

let url: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: apt-get install -y chromium (as .ci/run does), or set CHROMIUM`,
    );
  out = await mkdtemp(join(tmpdir(), 'wisp-evals-ui-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}/__vitest__/`;
  // --watch: without a terminal, vitest would run once and stop, taking the UI with it.
  const args = [
    '--config',
    CONFIG,
    '--ui',
    '--watch',
    '--open=false',
    `--api.port=${port}`,
    '--api.host=127.0.0.1',
  ];
  server = spawn(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WISP_EVAL_FIXTURE_OUT: join(out, 'results'), CI: '' },
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await answers(url, Date.now() + START_MS);
  browser = await chromium.launch({ executablePath: CHROMIUM });
}, START_MS + 30_000);

afterAll(async () => {
  await browser?.close();
  // The server, its forks and whatever they started: the group the detached child leads.
  if (server?.pid !== undefined && server.exitCode === null) {
    const stopped = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  }
  if (out) await rm(out, { recursive: true, force: true });
});

it(
  'lists the fixture scenario, its cell and its probe tests, with the wrong probe failed, and logs no error',
  async () => {
    const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
    const outside: string[] = [];
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
      outside.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/css', body: '' });
    });
    await page.goto(url);
    // The tests run as the server starts; the list fills in once they are done.
    await page.getByText('whole run', { exact: true }).waitFor({ timeout: START_MS });
    for (const name of ['tiny', 'target · reader · 4096', 'codename', 'misread', 'chooser'])
      expect(await page.getByText(name, { exact: true }).first().isVisible(), name).toBe(true);
    // The one failure is the wrong probe's.
    await page.waitForFunction("document.body.innerText.includes('FAIL (1)')", null, {
      timeout: START_MS,
    });
    await page.close();
    expect(problems).toEqual([]);
    expect(outside.every((address) => address.startsWith('https://fonts.googleapis.com/'))).toBe(true);
  },
  START_MS + 30_000,
);
