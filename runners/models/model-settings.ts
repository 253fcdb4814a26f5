/**
 * The settings of a model behind a server, given as `--set model.NAME=VALUE` beside the engine's
 * settings: greedy decoding and a fixed seed unless overridden, Ollama's silent truncation (on, as
 * Ollama does it, unless `model.truncate=false`), and how often a server error is retried.
 */
import { parseDecimal } from '../../strategies/setting-names.js';
import { UsageError } from '../errors.js';

/** What each call to a server model is sent with. */
export interface ModelSettings {
  /** Sampling temperature; 0 is greedy. */
  temperature: number;
  /** The sampling seed, so runs repeat where the runtime honours it. */
  seed: number;
  /** Ollama: drop the front of a request past the window silently (true) or refuse it (false). */
  truncate: boolean;
  /** How many times a call that met a server error (HTTP 5xx) is tried again, with backoff. */
  retries: number;
}

/** The defaults: greedy, seed 42, Ollama's own truncation, two retries. */
export function defaultModelSettings(): ModelSettings {
  return { temperature: 0, seed: 42, truncate: true, retries: 2 };
}

/** The prefix that marks a `--set` name as a model setting. */
export const MODEL_SETTING_PREFIX = 'model.';

const DESCRIPTIONS: Record<keyof ModelSettings, string> = {
  temperature: 'a number from 0 (greedy, the default) to 2',
  seed: 'a whole number (default 42)',
  truncate: 'true (Ollama drops the front past the window, its default) or false (it refuses: an overflow)',
  retries: 'a whole number from 0 to 10 of retries after a server error (default 2)',
};

function isModelSetting(name: string): name is keyof ModelSettings {
  return Object.hasOwn(DESCRIPTIONS, name);
}

function refuse(flag: string, what: string): never {
  throw new UsageError(`--set ${flag}: ${what}`);
}

/** True when a `--set` flag names a model setting. */
export function isModelSettingFlag(flag: string): boolean {
  return flag.trim().startsWith(MODEL_SETTING_PREFIX);
}

/** Applies one `--set model.NAME=VALUE` flag to `settings`; a bad name or value is a UsageError. */
export function applyModelSetting(settings: ModelSettings, flag: string): ModelSettings {
  const eq = flag.indexOf('=');
  if (eq <= 0) refuse(flag, 'expected model.NAME=VALUE, e.g. --set model.truncate=false');
  const name = flag.slice(MODEL_SETTING_PREFIX.length, eq).trim();
  const raw = flag.slice(eq + 1).trim();
  if (!isModelSetting(name)) {
    const known = Object.entries(DESCRIPTIONS).map(([n, d]) => `model.${n} (${d})`);
    refuse(flag, `unknown model setting "model.${name}"; the model settings are ${known.join(', ')}`);
  }
  const bad = () => refuse(flag, `model.${name} takes ${DESCRIPTIONS[name]}`);
  switch (name) {
    case 'truncate': {
      if (raw !== 'true' && raw !== 'false') bad();
      return { ...settings, truncate: raw === 'true' };
    }
    case 'temperature': {
      const value = parseDecimal(raw);
      if (value === undefined || value < 0 || value > 2) return bad();
      return { ...settings, temperature: value };
    }
    case 'seed': {
      const value = parseDecimal(raw);
      if (value === undefined || !Number.isSafeInteger(value)) return bad();
      return { ...settings, seed: value };
    }
    case 'retries': {
      const value = parseDecimal(raw);
      if (value === undefined || !Number.isInteger(value) || value < 0 || value > 10) return bad();
      return { ...settings, retries: value };
    }
  }
}
