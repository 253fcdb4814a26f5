import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../engine/model/port.js';
import { createReaderModel } from '../../../../runners/models/reader/index.js';
import { isReleaseLine } from '../../../../runners/models/reader/passages.js';
import {
  isReleaseNumber,
  releasesOf,
  sameRelease,
  underAnotherRelease,
  withLeadingParts,
} from '../../../../runners/models/reader/releases.js';
import { contentStems } from '../../../../runners/models/reader/text.js';
import { assistant, exchange, page, request, user } from './conversation-fixtures.js';

async function ask(history: Message[], question: string): Promise<string> {
  const response = await createReaderModel({ profile: 'reader', window: 32_768 }).respond(
    request([...history, user(question)]),
  );
  return response.text;
}

/** Release notes the model read: the newest release first, each under its own heading. */
const NOTES = [
  '# gizmo 3.0.0 (2026-03-02)',
  '',
  '### Breaking changes',
  '',
  '* Please run gizmo on Python 3.11 or newer.',
  '',
  '# gizmo 2.0.0 (2025-01-20)',
  '',
  '### Features',
  '',
  '* **Python version:** set the minimal Python version to 3.8',
];
const read: Message[] = [
  user('Please read CHANGES.md.'),
  ...exchange('c1', 'read_file', { path: 'CHANGES.md' }, page(NOTES, 1, false)),
  assistant('I read CHANGES.md.'),
];

describe('release numbers', () => {
  it('meet their leading parts, as a major number names a release', () => {
    expect(withLeadingParts('v5.1.2')).toEqual(['v5.1.2', '5', '5.1']);
    expect(withLeadingParts('2.0')).toEqual(['2.0', '2']);
    expect(withLeadingParts('gizmo')).toEqual(['gizmo']);
    expect(withLeadingParts('42')).toEqual(['42']);
    expect(sameRelease('3', '3.0.0')).toBe(true);
    expect(sameRelease('3.0.0', '3')).toBe(true);
    expect(sameRelease('3', '30.1')).toBe(false);
    expect(sameRelease('2', '3.0.0')).toBe(false);
  });

  it('are read from a text with the thing they are a release of', () => {
    expect(releasesOf('What changed in gizmo 3?')).toEqual([{ number: '3', of: 'gizmo' }]);
    expect(releasesOf('Is 4.2.1 out, or only v4?')).toEqual([{ number: '4.2.1' }, { number: '4' }]);
    // A number after a function word counts something; one after another number is part of a date.
    expect(releasesOf('It fits in 3 boxes by 2026 12')).toEqual([]);
    expect(releasesOf('')).toEqual([]);
  });

  it('tell a section of another release of the thing asked about', () => {
    const heading = (text: string) => ({
      stems: new Set(contentStems(text)),
      releases: releasesOf(text).map((release) => release.number),
    });
    const asked = releasesOf('From gizmo 3, what do I need?');
    expect(underAnotherRelease(asked, heading('gizmo 2.0.0 (2025-01-20)'))).toBe(true);
    expect(underAnotherRelease(asked, heading('gizmo 3.0.0 (2026-03-02)'))).toBe(false);
    // A release of something the heading does not name says nothing of its releases.
    expect(underAnotherRelease(releasesOf('Which of them runs on Python 3?'), heading('gizmo 2.0.0'))).toBe(
      false,
    );
    expect(underAnotherRelease(asked, undefined)).toBe(false);
    expect(underAnotherRelease([], heading('gizmo 2.0.0'))).toBe(false);
  });
});

describe('questions about one release of a thing', () => {
  it('are answered from that release’s notes, not from those of another', async () => {
    const answer = await ask(read, 'From gizmo 3 on, which Python version do I need?');
    expect(answer).toContain('3.11');
    expect(answer).not.toContain('3.8');
  });

  it('are answered from the other release’s notes when asked about it', async () => {
    expect(await ask(read, 'In gizmo 2, what is the minimal Python version?')).toContain('3.8');
  });
});

describe('conjunctions', () => {
  it('say nothing of what a question is about', () => {
    expect(contentStems('because of the storm, although late')).toEqual(['storm', 'late']);
  });
});

describe('release lines of plain-text notes', () => {
  const alone = (line: string) => isReleaseLine(['', line, ''], 1);

  it('reads a line alone at the margin that opens with a release number as a release heading', () => {
    expect(alone('version 2.1 - Ada Brenner, 2026-03-02')).toBe(true);
    expect(alone('v2.1')).toBe(true);
    expect(alone('kilnctl 2.1.4 (stable)')).toBe(true);
    expect(isReleaseLine(['version 2.1', ''], 0)).toBe(true);
  });

  it('reads no other line so', () => {
    // A manual page's name and section, a thing and a count, a sentence.
    expect(alone('KILNCTL(1)            User Commands            KILNCTL(1)')).toBe(false);
    expect(alone('Requires kilnctl 2.1 or later')).toBe(false);
    expect(alone('kiln 2')).toBe(false);
    expect(alone('2.1 is out now.')).toBe(false);
    // Not alone, indented, a list item, a Markdown heading.
    expect(isReleaseLine(['', 'version 2.1', 'Fixes the door sensor.'], 1)).toBe(false);
    expect(isReleaseLine(['Fixes:', 'version 2.1', ''], 1)).toBe(false);
    expect(alone('   version 2.1')).toBe(false);
    expect(alone('- 2.1 fixes the door sensor')).toBe(false);
    expect(alone('## 2.1')).toBe(false);
    expect(alone('')).toBe(false);
  });

  it('knows a release number by its parts or its "v"', () => {
    expect(['2.1', 'v18', 'v2.1.4'].map(isReleaseNumber)).toEqual([true, true, true]);
    expect(['18', 'kiln', '2024', ''].map(isReleaseNumber)).toEqual([false, false, false, false]);
  });
});
