/**
 * A run's store.json: every entry of the conversation's store at the end of the run, active and
 * dropped, written once as its zod schema. The engine defines an entry (engine/store/entry.ts); this
 * schema checks what a results folder holds before the inspector and the report read it, and a type
 * assertion keeps the two the same.
 *
 * As written, an entry whose text is the text of the audit event it came from leaves the text out and
 * names that event in `textFrom` (records/requests-file.ts); reading it back takes the text again
 * from audit.jsonl.
 */
import { z } from 'zod';
import type { Entry } from '../engine/index.js';
import type { Equals, Writable } from './type-equality.js';

const count = z.number().int().nonnegative();

const replyCutSchema = z.object({
  start: count,
  end: count,
  outputEntry: count,
  tool: z.string(),
  words: count,
  coverage: z.number(),
});

/** A store entry as the engine holds it, its text included. */
export const storeEntrySchema = z.object({
  id: count,
  kind: z.enum(['instructions', 'prompt', 'toolCall', 'toolOutput', 'reply']),
  turn: count,
  origin: z.enum(['turn', 'carried', 'resumed']),
  text: z.string(),
  call: z
    .object({ callId: z.string(), tool: z.string(), arguments: z.record(z.string(), z.unknown()) })
    .optional(),
  outcome: z.object({ ok: z.boolean(), exitCode: z.number().int().nullable().optional() }).optional(),
  personCommand: z.boolean().optional(),
  sources: z.array(z.string()).readonly(),
  recordedAt: z.number(),
  active: z.boolean(),
  droppedBy: z.string().optional(),
  droppedAt: count.optional(),
  droppedAfter: count.optional(),
  referencedAt: count.optional(),
  reference: z.string().optional(),
  maskedBy: count.optional(),
  cuts: z.array(replyCutSchema).optional(),
  cutText: z.string().optional(),
});

/**
 * An entry as store.json holds it: with its text, or with `textFrom`, the audit event whose text it
 * is. Which of the two is checked where the text is taken back.
 */
export const savedEntrySchema = storeEntrySchema.extend({
  text: z.string().optional(),
  textFrom: z.string().optional(),
});

/** store.json: the compact store's version and its entries in id order. */
export const storeFileSchema = z.object({
  version: z.literal(2),
  entries: z.array(z.unknown()),
});

// The schema and the engine's entry are one type: a field added, removed or changed on either side
// fails the typecheck here. The engine marks the fields it never changes readonly; reading does not.
const schemaMatchesEngine: Equals<z.infer<typeof storeEntrySchema>, Writable<Entry>> = true;
void schemaMatchesEngine;
