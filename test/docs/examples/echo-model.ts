/**
 * `echo`: a model that answers every request with the person's latest words. It calls no tool and
 * reports usage at four bytes a token, so the engine anchors its estimate on it as on a runtime's.
 */
import type { ModelPort, ModelRequest, ModelResponse } from '../../../engine/index.js';

/** Opens the echo model at `window` tokens. */
export function createEchoModel(window: number): ModelPort {
  return {
    name: 'echo',
    window,
    reportsUsage: true,
    async respond(request: ModelRequest): Promise<ModelResponse> {
      const latest = request.messages.findLast((message) => message.role === 'user');
      const text = `You said: ${latest?.content ?? ''}`;
      const bytes = request.messages.reduce((sum, message) => sum + message.content.length, 0);
      return {
        text,
        toolCalls: [],
        usage: { promptTokens: Math.ceil(bytes / 4), completionTokens: Math.ceil(text.length / 4) },
      };
    },
  };
}
