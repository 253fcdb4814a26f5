/** probes.csv: one row per probe of every run: the run, the probe, its verdict and its outcome. */
import { join } from 'node:path';
import type { Reporter } from '../../../reports/reporters/reporter.js';

export function probesCsvReporter(): Reporter {
  return {
    name: 'probes-csv',
    finish(records, context) {
      const rows = records.flatMap((record) =>
        record.probes.map((probe) => [record.id, probe.id, probe.verdict, probe.outcome].join(',')),
      );
      const content = ['run,probe,verdict,outcome', ...rows].join('\n') + '\n';
      return [{ path: join(context.dir, 'probes.csv'), content, mode: 'replace' }];
    },
  };
}
