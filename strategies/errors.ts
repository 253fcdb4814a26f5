/** Errors of strategies and settings: both are bad input (exit 2), named in one line. */
import { WispError } from '../engine/index.js';

export type StrategyErrorCode = 'SETTING_INVALID' | 'STRATEGY_UNKNOWN';

/** A setting name or value that is not allowed (subject kinds' own rules included). */
export class SettingError extends WispError<StrategyErrorCode> {
  constructor(message: string) {
    super('SETTING_INVALID', 'input', message);
  }
}

/** A strategy name that no registry knows, or a strategy that is its own base. */
export class UnknownStrategyError extends WispError<StrategyErrorCode> {
  constructor(message: string) {
    super('STRATEGY_UNKNOWN', 'input', message);
  }
}
