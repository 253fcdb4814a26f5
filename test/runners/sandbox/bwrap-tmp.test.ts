import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BWRAP_TMP_BYTES,
  commandLine,
  detectSandbox,
  type Sandbox,
} from '../../../runners/sandbox/sandbox.js';

let sandbox: Sandbox;
let folder: string;

beforeAll(async () => {
  sandbox = await detectSandbox({});
  folder = await mkdtemp(join(tmpdir(), 'wisp-test-bwrap-tmp-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("a command's /tmp under bubblewrap", () => {
  it('holds at most its stated size, so a command cannot fill the host memory through it', async (context) => {
    if (sandbox.kind !== 'bwrap') context.skip('bubblewrap is not installed or cannot make namespaces here');
    const mib = BWRAP_TMP_BYTES / 1024 / 1024;
    const script =
      `head -c ${(mib + 16) * 1024 * 1024} /dev/zero > /tmp/fill; echo "status $?"; ` +
      'du -m /tmp/fill | cut -f1; rm /tmp/fill';
    const [file, args] = commandLine(sandbox, undefined, folder, script);
    const { stdout, stderr } = await promisify(execFile)(file, args, { env: {} });
    const [status, written] = stdout.trim().split('\n');
    expect(status).toBe('status 1');
    expect(stderr).toMatch(/No space left on device/);
    expect(Number(written)).toBeLessThanOrEqual(mib);
  });
});
