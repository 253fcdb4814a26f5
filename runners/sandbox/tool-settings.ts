/**
 * The settings of the harness's tools, given as `--set tools.NAME=VALUE` beside the engine's:
 * `tools.commandTimeout`, the seconds one command may run before it is stopped (30 by default).
 * They change how the run's tools behave, not the engine, so they are kept in the plan, not among a
 * strategy's settings.
 */
import { parseDecimal } from '../../strategies/setting-names.js';
import { UsageError } from '../errors.js';
import { COMMAND_TIMEOUT_MS } from './command-tool.js';

/** The tools' settings as plan.json keeps them. */
export interface ToolSettings {
  /** Seconds one command may run. */
  commandTimeout: number;
}

/** The prefix that marks a `--set` name as a tool setting. */
export const TOOL_SETTING_PREFIX = 'tools.';

/** The longest time limit a command may be given: an hour. */
export const MAX_COMMAND_TIMEOUT = 3600;

/** The defaults. */
export function defaultToolSettings(): ToolSettings {
  return { commandTimeout: COMMAND_TIMEOUT_MS / 1000 };
}

/** True when a `--set` flag names a tool setting. */
export function isToolSettingFlag(flag: string): boolean {
  return flag.trim().startsWith(TOOL_SETTING_PREFIX);
}

/** Applies one `--set tools.NAME=VALUE` flag; a bad name or value is a UsageError naming what it takes. */
export function applyToolSetting(settings: ToolSettings, flag: string): ToolSettings {
  const eq = flag.indexOf('=');
  const name = flag.slice(TOOL_SETTING_PREFIX.length, eq < 0 ? undefined : eq).trim();
  if (eq <= 0 || name !== 'commandTimeout') {
    throw new UsageError(
      `--set ${flag}: unknown tool setting; the tool settings are tools.commandTimeout (seconds a command may run, default 30)`,
    );
  }
  const raw = flag.slice(eq + 1).trim();
  const value = parseDecimal(raw);
  if (value === undefined || value <= 0 || value > MAX_COMMAND_TIMEOUT) {
    throw new UsageError(
      `--set ${flag}: tools.commandTimeout=${raw} is not allowed; it takes the seconds a command may run, more than 0 and at most ${MAX_COMMAND_TIMEOUT}`,
    );
  }
  return { ...settings, commandTimeout: value };
}
