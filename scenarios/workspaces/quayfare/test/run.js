/**
 * Runs every test file in this folder with node:test and prints one line per test, then the
 * failures' messages and a count. Unlike the built-in reporters it prints no timings and no file
 * system paths, so two runs of the same code print the same thing. Exits 1 when a test fails.
 */
import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { run } from 'node:test';
import { fileURLToPath } from 'node:url';

const folder = new URL('.', import.meta.url);
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.test.js'))
  .sort()
  .map((name) => fileURLToPath(new URL(name, folder)));

let passed = 0;
let failed = 0;
let file;

for await (const event of run({ files })) {
  if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
  const { name, details } = event.data;
  // Suites and the files themselves pass or fail with their tests: only the tests are counted.
  if (details.type === 'suite' || name.endsWith('.js')) continue;
  const shown = relative(process.cwd(), event.data.file);
  if (shown !== file) {
    file = shown;
    console.log(file);
  }
  if (event.type === 'test:pass') {
    passed += 1;
    console.log(`  PASS  ${name}`);
  } else {
    failed += 1;
    console.log(`  FAIL  ${name}`);
    const error = details.error?.cause ?? details.error;
    const message = String(error?.message ?? error)
      .trim()
      .split('\n')
      .filter(Boolean);
    for (const line of message) console.log(`        ${line}`);
  }
}

console.log('');
console.log(`Tests: ${failed} failed, ${passed} passed, ${failed + passed} total`);
process.exitCode = failed > 0 ? 1 : 0;
