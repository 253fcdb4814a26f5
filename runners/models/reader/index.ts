/**
 * The embedded `reader` model: deterministic, extractive and offline. It applies its window as a
 * runtime would, then acts only on the messages that survived: it reads and pages through files it is
 * told to read, runs commands it is told to run, answers questions from the visible sentences, and
 * acknowledges statements. With the memory tool it recalls old outputs rather than abstain.
 */
import type {
  GuidedRequest,
  GuidedResponse,
  Message,
  ModelPort,
  ModelRequest,
  ModelResponse,
  ToolSpec,
} from '../../../engine/index.js';
import { catalogueNames, InternalError, ModelFailure } from '../../../engine/index.js';
import { actOnPrompt } from './acts.js';
import { assess } from './assess.js';
import type { Act } from './message-views.js';
import { distil } from './distil.js';
import { MEMORY_TOOL, abstains, actOnRecall, recallInsteadOfAbstaining } from './recall.js';
import { summarise } from './guided-summary.js';
import { condensedAnswer, notableLines } from './digest.js';
import { actOnToolResults } from './act-on-tool-results.js';
import { TokenCounter } from './tokens.js';
import { createReaderContext, remembered, type ReaderContext } from './context.js';
import { PROFILE_TRAITS, READER_PROFILES, applyWindow } from './window.js';
import { inStandardSpelling } from './spelling.js';
import type { ReaderProfile } from './window.js';

export { READER_PROFILES, providedTokensMessage } from './window.js';
export type { ReaderProfile } from './window.js';

/** How to build a reader: which overflow behaviour, and the window in tokens. */
export interface ReaderOptions {
  profile: ReaderProfile;
  window: number;
  /**
   * What the model has worked out of the texts it was shown, to share with other readers made from
   * the same memory (the runs of one invocation); a fresh one when absent. Only pure results are kept
   * there, so sharing changes what a reader costs, never what it answers.
   */
  memory?: ReaderMemory;
}

/**
 * The analyses and token counts readers keep of the texts they were shown. Each is a pure function
 * of a text (its sentences, lemmas, stems, token count), so readers can share one: the runs of a
 * matrix show their models the same documents, prompts and instructions over and over. It holds no
 * call count, id or anything of one conversation.
 */
export interface ReaderMemory {
  readonly context: ReaderContext;
  readonly counter: TokenCounter;
}

/** An empty memory, to give every reader of one invocation. */
export function createReaderMemory(): ReaderMemory {
  return { context: createReaderContext(), counter: new TokenCounter() };
}

/** The reader's act on a request it can see whole: the dispatch on what the last message is. */
export function readerAct(
  messages: readonly Message[],
  registered: readonly ToolSpec[],
  context: ReaderContext = createReaderContext(),
): Act {
  return actOnRequest(
    messages.map((message) => inPersonsWords(message, context)),
    registered,
    context,
  );
}

/**
 * A person's message read in standard spelling ("whats" as "what's"); other messages as they are.
 * Each message is read once per context: the tool loop shows the model the same ones call after call.
 */
function inPersonsWords(message: Message, context: ReaderContext): Message {
  if (message.role !== 'user') return message;
  const content = remembered(context, inStandardSpelling, message.content);
  return content === message.content ? message : { ...message, content };
}

function actOnRequest(
  messages: readonly Message[],
  registered: readonly ToolSpec[],
  context: ReaderContext,
): Act {
  const last = messages.at(-1);
  // Like a small model, it calls any tool the instructions' catalogue lists, registered or not.
  const tools = withCatalogue(registered, messages[0]?.role === 'system' ? messages[0].content : '');
  // With the memory tool, a question nothing visible answers is a reason to recall, not to abstain.
  const canRecall = tools.some((tool) => tool.name === MEMORY_TOOL);
  if (last?.role === 'tool') {
    const recalled = canRecall && last.tool === MEMORY_TOOL ? actOnRecall(messages, context) : undefined;
    return recalled ?? actOnToolResults(messages, tools, context);
  }
  if (last?.role === 'user') {
    const act = actOnPrompt(messages, tools, context);
    return canRecall && abstains(act) ? recallInsteadOfAbstaining(messages) : act;
  }
  // Nothing to respond to (only instructions, or its own reply last): say so briefly.
  return { text: 'Noted.', toolCalls: [] };
}

/** The registered tools, and those a catalogue in `instructions` lists, known by name alone. */
function withCatalogue(registered: readonly ToolSpec[], instructions: string): readonly ToolSpec[] {
  const listed = catalogueNames(instructions).filter(
    (name) => !registered.some((tool) => tool.name === name),
  );
  if (listed.length === 0) return registered;
  return [...registered, ...listed.map((name) => ({ name, description: '', parameters: {} }))];
}

/**
 * The reader's guided answer to `purpose`, from the text of the last user message that survived the
 * window (the engine composes it with marker lines). Throws for a purpose the reader does not know.
 */
export function readerGenerate(
  purpose: string,
  messages: readonly Message[],
  context: ReaderContext = createReaderContext(),
): unknown {
  const text = messages.findLast((message) => message.role === 'user')?.content ?? '';
  switch (purpose) {
    case 'distil':
      return distil(text);
    case 'summary':
      return summarise(text);
    case 'facts-and-summary': {
      // One call for both: the leaving turns are the turns the summary adds; later turns only
      // correct the facts' values.
      const forSummary = (text.split(/\n(?=Later turns, for the latest values:)/)[0] ?? '').replace(
        'Turns leaving the context:',
        'Turns to add:',
      );
      return { facts: distil(text).facts, summary: summarise(forSummary).summary };
    }
    case 'assessment':
      return assess(text);
    case 'output-summary':
      return notableLines(text);
    case 'output-condense':
      return condensedAnswer(text, context);
    default:
      throw new ModelFailure(`the reader model cannot generate for purpose: ${purpose}`);
  }
}

/** Creates a reader model under `profile`; its name is the profile's name. */
export function createReaderModel(options: ReaderOptions): ModelPort {
  const { profile, window } = options;
  if (!Number.isInteger(window) || window <= 0) {
    throw new InternalError(`reader window must be a positive whole number of tokens, got ${window}`);
  }
  // Names arrive from the command line too, so the type alone does not guarantee a known profile.
  if (!READER_PROFILES.includes(profile)) {
    throw new InternalError(`unknown reader profile: ${String(profile)}`);
  }
  const traits = PROFILE_TRAITS[profile];
  // What the model has analysed and counted of the texts it was shown: conversations repeat them call
  // after call. Never module-level; shared only when the caller hands several readers one memory.
  const { counter, context } = options.memory ?? {
    counter: new TokenCounter(),
    context: createReaderContext(),
  };
  // The call ids are the model's own, whatever memory it shares.
  let callCount = 0;

  const respond = async (request: ModelRequest): Promise<ModelResponse> => {
    const windowed = applyWindow(profile, window, request, counter);
    const act = readerAct(windowed.messages, request.tools, context);
    const toolCalls = act.toolCalls.map((call) => ({ ...call, callId: `call_${++callCount}` }));
    const response: ModelResponse = { text: act.text, toolCalls };
    if (traits.reportsUsage) {
      response.usage = {
        promptTokens: windowed.promptTokens,
        completionTokens: counter.answer(act.text, toolCalls),
      };
    }
    return response;
  };

  // Guided generation applies the same window, with no tools, and reports usage as `respond` does.
  const generate = async (request: GuidedRequest): Promise<GuidedResponse> => {
    const windowed = applyWindow(profile, window, { messages: request.messages, tools: [] }, counter);
    const value = readerGenerate(request.purpose, windowed.messages, context);
    const response: GuidedResponse = { value };
    if (traits.reportsUsage) {
      response.usage = {
        promptTokens: windowed.promptTokens,
        completionTokens: counter.text(JSON.stringify(value)),
      };
    }
    return response;
  };

  const model: ModelPort = {
    name: profile,
    reportsUsage: traits.reportsUsage,
    respond,
    generate,
    ...(traits.statesWindow ? { window } : {}),
    ...(traits.counts ? { countTokens: async (request: ModelRequest) => counter.request(request) } : {}),
  };
  return model;
}
