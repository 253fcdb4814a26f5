/**
 * A model call as a run's files hold it (requests.jsonl with the parts of messages.jsonl, and the
 * answers of an answer cache), written once as its zod schema: the request (messages and tools, or a
 * guided request and its answer's schema), the answer or what the call threw, and the call's figures.
 * The engine defines the call (engine/model/model-calls.ts); type assertions keep the two the same.
 */
import { z } from 'zod';
import type {
  CallFailure,
  GuidedRequest,
  GuidedResponse,
  Message,
  ModelCall,
  ModelResponse,
  ToolSpec,
} from '../engine/index.js';
import type { Equals } from './type-equality.js';

const count = z.number().int().nonnegative();

export const toolCallSchema = z.object({
  callId: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});

export const messageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }),
  z.object({ role: z.literal('user'), content: z.string() }),
  z.object({
    role: z.literal('assistant'),
    content: z.string(),
    toolCalls: z.array(toolCallSchema).optional(),
  }),
  z.object({ role: z.literal('tool'), content: z.string(), callId: z.string(), tool: z.string() }),
]);

export const toolSpecSchema = z.object({
  name: z.string(),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
});

/** A guided answer's JSON schema. */
export const answerSchemaSchema = z.record(z.string(), z.unknown());

export const usageSchema = z.object({ promptTokens: count, completionTokens: count });

const serverMs = z.number().nonnegative().optional();

export const modelResponseSchema = z.object({
  text: z.string(),
  toolCalls: z.array(toolCallSchema),
  usage: usageSchema.optional(),
  serverMs,
});

export const guidedResponseSchema = z.object({
  value: z.unknown(),
  usage: usageSchema.optional(),
  serverMs,
});

export const callFailureSchema = z.object({
  code: z.string().min(1),
  kind: z.enum(['input', 'run', 'gate']),
  limit: z.number().int().optional(),
  count: z.number().int().nullable().optional(),
});

const guidedRequestSchema = z.object({
  purpose: z.string(),
  messages: z.array(messageSchema),
  schema: answerSchemaSchema,
  maxTokens: count,
});

const callFields = {
  purpose: z.enum([
    'turn',
    'distil',
    'summary',
    'facts-and-summary',
    'assessment',
    'output-summary',
    'output-condense',
  ]),
  turn: count,
  session: z.string(),
  fresh: z.boolean(),
  estimated: count,
  durationMs: z.number().nonnegative(),
  truncated: z.literal(true).optional(),
  error: z.string().optional(),
  failure: callFailureSchema.optional(),
};

export const modelCallSchema = z.discriminatedUnion('kind', [
  z.object({
    ...callFields,
    kind: z.literal('respond'),
    request: z.object({ messages: z.array(messageSchema), tools: z.array(toolSpecSchema) }),
    response: modelResponseSchema.optional(),
  }),
  z.object({
    ...callFields,
    kind: z.literal('generate'),
    request: guidedRequestSchema,
    response: guidedResponseSchema.optional(),
  }),
]);

/** A call as requests.jsonl numbers it, from 1 in the order made. */
export const loggedCallSchema = z.intersection(
  modelCallSchema,
  z.object({ call: z.number().int().positive() }),
);

/** Each member of a union as one object type, so that `A & (B | C)` compares with `(A & B) | (A & C)`. */
type Flat<T> = T extends unknown ? { [K in keyof T]: T[K] } : never;

// Each schema and the engine's type it stands for are one type: a field added, removed or changed on
// either side fails the typecheck here.
const schemasMatchEngine: [
  Equals<z.infer<typeof messageSchema>, Message>,
  Equals<z.infer<typeof toolSpecSchema>, ToolSpec>,
  Equals<z.infer<typeof modelResponseSchema>, ModelResponse>,
  Equals<z.infer<typeof guidedResponseSchema>, GuidedResponse>,
  Equals<z.infer<typeof guidedRequestSchema>, GuidedRequest>,
  Equals<z.infer<typeof callFailureSchema>, CallFailure>,
  Equals<Flat<z.infer<typeof modelCallSchema>>, Flat<ModelCall>>,
] = [true, true, true, true, true, true, true];
void schemasMatchEngine;
