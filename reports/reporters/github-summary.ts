/**
 * GitHub Actions' step summary: when `GITHUB_STEP_SUMMARY` names a file, the Markdown summary is
 * appended to it (GitHub owns the file, so it is added to, never replaced).
 */
import type { RunRecord } from '../../records/run-record.js';
import type { ReportContext, ReportFile, Reporter } from './reporter.js';
import { summaryMarkdown } from './summary-md.js';

export function githubSummaryReporter(): Reporter {
  return {
    name: 'github-summary',
    finish: (records: readonly RunRecord[], { env }: ReportContext): ReportFile[] => {
      const path = env['GITHUB_STEP_SUMMARY'];
      if (path === undefined || path === '') return [];
      return [{ path, content: summaryMarkdown(records) + '\n', mode: 'append' }];
    },
  };
}
