import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../scenarios/load.js';
import { expectsAbstention } from '../../scenarios/schema.js';

// The shared generality set sits beside the repository; its texts keep their own licences and are
// never copied here. Without it, there is nothing to check.
const generality = path.resolve(fileURLToPath(new URL('../../../shared/generality/', import.meta.url)));
const present = existsSync(generality);

describe.skipIf(!present)('the shared generality scenarios', () => {
  it('load and validate, each with a question whose answer was never given', async () => {
    const folders = (await readdir(generality, { withFileTypes: true })).filter((entry) =>
      entry.isDirectory(),
    );
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const { scenario } = await loadScenarioFile(path.join(generality, folder.name, 'scenario.yaml'));
      const neverGiven = scenario.steps.filter((step) => 'ask' in step && expectsAbstention(step.expect));
      expect(neverGiven.length, scenario.name).toBeGreaterThanOrEqual(1);
    }
  });
});
