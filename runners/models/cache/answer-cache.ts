/**
 * The answer cache (`--cache DIR`): a model's answers kept on disk, keyed by the model's name, its
 * identity as its server gives it (Ollama's digest of the pulled model), the options its calls are
 * sent with, and a hash of the request. A hit is answered without a call; a miss calls the model
 * and keeps the answer. Failures are not kept: they say nothing about the next call.
 *
 * Each entry is one file, `<dir>/<2 hex>/<sha-256>.json`, written under a name of its own (the
 * process, the thread and a random part) and renamed into place: an entry is there whole or not at
 * all, whatever is killed when, and two writers of one entry (parallel runs, two invocations) each
 * rename a whole file over it. An entry that does not read (truncated by a copy, edited) is a miss,
 * written again. `<dir>/wisp-eval-cache.json` marks the folder as a cache, so that `cache clear`
 * never empties a folder that is not one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type {
  CallOptions,
  GuidedRequest,
  GuidedResponse,
  ModelPort,
  ModelRequest,
  ModelResponse,
} from '../../../engine/index.js';
import { z } from 'zod';
import { guidedResponseSchema, modelResponseSchema } from '../../../records/model-call.js';
import { readRegularText } from '../../../records/regular-file.js';
import { UsageError } from '../../errors.js';
import { requestJson, type KindedRequest } from '../replay/request-text.js';

/** The file that marks a folder as an answer cache, and its format. */
export const CACHE_MARK = 'wisp-eval-cache.json';
export const CACHE_FORMAT = 1;

/** The mark's content. */
const markSchema = z.object({ format: z.literal(CACHE_FORMAT) });

/** An entry as written: the cache's format, its key, who answered, and the answer (checked by kind). */
const entrySchema = z.object({
  format: z.literal(CACHE_FORMAT),
  key: z.string(),
  model: z.string(),
  digest: z.string().nullable(),
  response: z.unknown(),
});

/** Hits and misses over a run's calls. */
export interface CacheCounts {
  hits: number;
  misses: number;
}

/** What an entry's key is made of besides the request: who answers, and with what. */
export interface ModelIdentity {
  name: string;
  /** The model's digest or fingerprint as its server gives it; null when it gives none. */
  digest: string | null;
  /** The sampling and runtime options each call is sent with. */
  options: Record<string, unknown>;
}

/** The key of a request to a model: a SHA-256 of the model's identity and the request's JSON. */
export function cacheKey(identity: ModelIdentity, call: KindedRequest): string {
  const { name, digest, options } = identity;
  return createHash('sha256')
    .update(JSON.stringify({ name, digest, options }))
    .update('\n')
    .update(requestJson(call))
    .digest('hex');
}

function entryPath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), `${key}.json`);
}

/**
 * Makes `dir` a cache (its mark), or checks that it is one; bad input when it is something else. A
 * folder that holds only a mark being written (another invocation opening the same new cache at
 * once) is made a cache too: both write the same mark whole.
 */
export async function openCache(dir: string): Promise<void> {
  const mark = join(dir, CACHE_MARK);
  const there = await stat(dir).catch(() => null);
  if (there !== null && !there.isDirectory()) throw new UsageError(`--cache ${dir}: not a folder`);
  const entries = there === null ? [] : await readdir(dir);
  if (!entries.every(isMarkBeingWritten)) {
    await readMark(dir, '--cache');
    return;
  }
  await mkdir(dir, { recursive: true });
  await writeWhole(mark, JSON.stringify({ format: CACHE_FORMAT }) + '\n');
}

/** True for the temporary file `writeWhole` writes the mark under before renaming it into place. */
function isMarkBeingWritten(name: string): boolean {
  return name.startsWith(`${CACHE_MARK}.`) && name.endsWith('.tmp');
}

async function readMark(dir: string, flag: string): Promise<void> {
  const text = await readRegularText(join(dir, CACHE_MARK)).catch(() => null);
  if (text === null)
    throw new UsageError(`${flag} ${dir}: not an answer cache (no ${CACHE_MARK}), and not empty`);
  if (!markSchema.safeParse(jsonOrUndefined(text)).success)
    throw new UsageError(
      `${flag} ${dir}: ${CACHE_MARK} is not format ${CACHE_FORMAT}: clear the cache or give another`,
    );
}

/** The value of JSON `text`, or undefined when it is not JSON. */
function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes `content` to `path` whole: under a name of this writer's own, then renamed over it. */
async function writeWhole(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}-${threadId}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, content, 'utf8');
    await rename(temporary, path);
  } catch (thrown) {
    await rm(temporary, { force: true }).catch(() => {});
    throw thrown;
  }
}

/**
 * The answer kept for `key`, checked against `schema` (the answer of a call of its kind), or null: no
 * entry, or one that does not read whole as an entry of this cache with such an answer.
 */
export async function readEntry<R>(dir: string, key: string, schema: z.ZodType<R>): Promise<R | null> {
  const text = await readRegularText(entryPath(dir, key)).catch(() => null);
  if (text === null) return null;
  const entry = entrySchema.safeParse(jsonOrUndefined(text));
  if (!entry.success || entry.data.key !== key) return null;
  const response = schema.safeParse(entry.data.response);
  // Kept as written: the answer's fields in the order the model gave them.
  return response.success ? (entry.data.response as R) : null;
}

/** Keeps `response` under `key`. */
export async function writeEntry(
  dir: string,
  key: string,
  identity: ModelIdentity,
  response: unknown,
): Promise<void> {
  const path = entryPath(dir, key);
  await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
  const { name, digest } = identity;
  await writeWhole(path, JSON.stringify({ format: CACHE_FORMAT, key, model: name, digest, response }) + '\n');
}

/**
 * `model` answering through the cache in `dir`: each call's answer is read from its entry when there
 * is one, else asked of the model and kept. `identity` may change as the model answers (read at each
 * call): an entry is looked up under the identity known before the call and kept under the one known
 * after it, so the first call of a model whose server names its build only in its answers is always
 * made, and an answer from another build is never given. `counts` is told each hit and miss. A cache that cannot
 * be written (a full disk) fails the call, as a results folder that cannot be written does.
 */
export function cachedModel(
  model: ModelPort,
  dir: string,
  identity: ModelIdentity | (() => ModelIdentity),
  counts: CacheCounts,
): ModelPort {
  const identityNow = typeof identity === 'function' ? identity : () => identity;
  async function through<R extends { serverMs?: number }>(
    call: KindedRequest,
    schema: z.ZodType<R>,
    ask: () => Promise<R>,
  ): Promise<R> {
    const key = cacheKey(identityNow(), call);
    const kept = await readEntry(dir, key, schema);
    if (kept !== null) {
      counts.hits += 1;
      // The server spent no time on a kept answer.
      const { serverMs: _serverMs, ...answer } = kept;
      return answer as R;
    }
    counts.misses += 1;
    const response = await ask();
    // Kept under the identity the answer came with: a server that names its build with each answer
    // (an OpenAI-compatible fingerprint) names it only from its first answer on.
    const after = identityNow();
    await writeEntry(dir, cacheKey(after, call), after, response);
    return response;
  }
  const generate = model.generate?.bind(model);
  const port: ModelPort = {
    ...model,
    respond: (request: ModelRequest, options?: CallOptions): Promise<ModelResponse> =>
      through({ kind: 'respond', request }, modelResponseSchema, () => model.respond(request, options)),
    ...(generate
      ? {
          generate: (request: GuidedRequest, options?: CallOptions): Promise<GuidedResponse> =>
            through({ kind: 'generate', request }, guidedResponseSchema, () => generate(request, options)),
        }
      : {}),
  };
  return port;
}

/** Empties the cache `dir` of its entries, keeping its mark; gives back how many were removed. */
export async function clearCache(dir: string): Promise<number> {
  const there = await stat(dir).catch(() => null);
  if (there === null) throw new UsageError(`cache clear ${dir}: no such folder`);
  await readMark(dir, 'cache clear');
  let removed = 0;
  for (const name of await readdir(dir)) {
    if (!/^[0-9a-f]{2}$/.test(name)) continue;
    const sub = join(dir, name);
    removed += (await readdir(sub)).filter((file) => file.endsWith('.json')).length;
    await rm(sub, { recursive: true, force: true });
  }
  return removed;
}
