/** current_date: the date and time now, from the injected clock, so runs stay reproducible. */
import type { Clock } from '../ports.js';
import type { Tool } from './tool.js';

export function currentDateTool(clock: Clock): Tool {
  return {
    readOnly: true,
    spec: {
      name: 'current_date',
      description: 'The date and time now (UTC).',
      parameters: { type: 'object', properties: {} },
    },
    run: async () => {
      const now = new Date(clock.now());
      const weekday = now.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
      return { content: `${weekday}, ${now.toISOString().slice(0, 19).replace('T', ' ')} UTC`, ok: true };
    },
  };
}
