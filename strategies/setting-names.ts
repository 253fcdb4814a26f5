/**
 * Settings by their dotted names (`context.budget`), each with its schema. `--set key=value` and
 * checkpoint specs go through here, so an unknown name or a bad value is refused with a message
 * that lists what is allowed.
 */
import { z } from 'zod';
import { SettingError } from './errors.js';
import {
  defaultSettings,
  loadKinds,
  withPolicyDefaults,
  type EngineSettings,
  type KindOverrides,
} from '../engine/index.js';

const share = z.number().gt(0).lte(1);
const bool = z.boolean();

/** Every setting a strategy or `--set` may name, with the values it takes. */
export const settingSchemas = {
  'context.policy': z.enum(['target', 'condense', 'failFast', 'mask', 'summarise', 'trim']),
  'context.keepTurns': z.number().int().min(1),
  'context.budget': share,
  'context.target': share,
  'context.targetMargin': z.number().min(0).lt(1),
  'context.headroomTurns': z.number().int().min(1),
  'context.cuts': bool,
  'context.references': bool,
  'context.memory': bool,
  'context.outputDays': z.number().int().min(0),
  'context.maskKeep': z.number().int().min(0),
  'context.summaryHead': z.number().int().min(0),
  'context.summaryTail': z.number().int().min(1),
  'context.trimKeep': share,
  'facts.enabled': bool,
  'facts.distil': bool,
  'facts.summary': bool,
  'facts.summaryWithFacts': bool,
  'facts.share': share,
  'facts.summaryShare': share,
  'facts.summaryBatchTurns': z.number().int().min(1),
  'facts.kinds': z.record(z.string(), z.record(z.string(), z.unknown())),
  'assessment.enabled': bool,
  'assessment.taskChanges': z.enum(['restated', 'any']),
  'assessment.tools': z.enum(['request', 'task', 'all']),
} as const;

export type SettingName = keyof typeof settingSchemas;
/** Overrides by dotted name. */
export type SettingOverrides = Partial<Record<SettingName, unknown>>;

export const settingNames = Object.keys(settingSchemas) as SettingName[];

function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(settingSchemas, name);
}

function describeAllowed(name: SettingName): string {
  const schema = settingSchemas[name];
  if (schema instanceof z.ZodEnum) return schema.options.join(' | ');
  if (schema instanceof z.ZodBoolean) return 'true | false';
  if (name === 'context.targetMargin') return 'a number from 0 up to (not including) 1';
  if (name === 'facts.kinds')
    return 'a JSON object of subject kinds, e.g. {"ticket":{"temporalClass":"dynamic",...}}';
  if (schema === share) return 'a number above 0 and at most 1';
  if (name === 'context.maskKeep' || name === 'context.summaryHead') return 'a whole number of 0 or more';
  return 'a whole number of 1 or more';
}

/**
 * A number as a person writes it in decimal: digits, an optional fraction and exponent. `Number()`
 * alone also takes `0x1`, `0b1`, `Infinity` and the empty string (as 0), none of which is meant.
 */
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** `raw` as a decimal number, or undefined when it is not one. */
export function parseDecimal(raw: string): number | undefined {
  const text = raw.trim();
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Parses a command-line value as the setting's type expects it. */
function coerce(name: SettingName, raw: string): unknown {
  const schema = settingSchemas[name];
  if (schema instanceof z.ZodBoolean) return raw === 'true' ? true : raw === 'false' ? false : raw;
  if (schema instanceof z.ZodNumber) return parseDecimal(raw) ?? raw;
  if (schema instanceof z.ZodRecord) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

/** Checks one setting's value, throwing a SettingError that names it and what it takes. */
export function checkSetting(
  name: string,
  value: unknown,
  where = '--set',
  typed?: string,
): [SettingName, unknown] {
  if (!isSettingName(name)) {
    throw new SettingError(`${where}: unknown setting "${name}"; known settings: ${settingNames.join(', ')}`);
  }
  const parsed = settingSchemas[name].safeParse(value);
  if (!parsed.success) {
    // The value as typed on the command line, else as the spec gave it.
    const shown = typed ?? JSON.stringify(value) ?? String(value);
    throw new SettingError(`${where}: ${name}=${shown} is not allowed; it takes ${describeAllowed(name)}`);
  }
  return [name, parsed.data];
}

/** Parses `key=value` from the command line. */
export function parseSetFlag(flag: string): [SettingName, unknown] {
  const eq = flag.indexOf('=');
  if (eq <= 0) throw new SettingError(`--set ${flag}: expected key=value, e.g. --set context.target=0.5`);
  const name = flag.slice(0, eq).trim();
  const raw = flag.slice(eq + 1).trim();
  if (!isSettingName(name)) return checkSetting(name, raw);
  return checkSetting(name, coerce(name, raw), '--set', raw);
}

/** The engine's settings with `overrides` applied over the defaults, checked. */
export function resolveSettings(overrides: SettingOverrides, where = 'settings'): EngineSettings {
  const settings = defaultSettings();
  for (const [name, value] of Object.entries(overrides)) {
    const [key, checked] = checkSetting(name, value, where);
    const [group, field] = key.split('.') as [keyof EngineSettings, string];
    (settings[group] as Record<string, unknown>)[field] = checked;
  }
  if (settings.context.policy === 'mask' && settings.context.references) {
    throw new SettingError(
      `${where}: context.policy=mask sends older outputs as a placeholder, not as references; set context.references=false with it`,
    );
  }
  try {
    // The kinds' own rules (a temporal class, a known normaliser, ...) are checked here, at the edge.
    loadKinds(settings.facts.kinds as KindOverrides);
  } catch (error) {
    throw new SettingError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return withPolicyDefaults(settings);
}

/**
 * Settings as dotted names and values, for records and for showing what differs. A baseline's own
 * setting is left out where unset: it belongs to the runs of the policy that reads it.
 */
export function flattenSettings(settings: EngineSettings): Record<SettingName, unknown> {
  const flat: Record<string, unknown> = {};
  for (const name of settingNames) {
    const [group, field] = name.split('.') as [keyof EngineSettings, string];
    const value = (settings[group] as Record<string, unknown>)[field];
    if (value !== undefined) flat[name] = value;
  }
  return flat as Record<SettingName, unknown>;
}
