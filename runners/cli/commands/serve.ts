/**
 * `wisp-eval serve`: the reader behind the loopback server, on 127.0.0.1, for tools that speak the
 * Ollama API or the OpenAI chat-completions API. It runs until the process is stopped.
 */
import { UsageError } from '../../errors.js';
import { startLoopbackServer } from '../../serve/server.js';
import type { CliIO } from '../io.js';

export interface ServeArgs {
  port: number;
  context: number;
}

export async function serveCommand(args: ServeArgs, io: CliIO): Promise<number> {
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535)
    throw new UsageError(`--port ${args.port}: give a port from 0 to 65535`);
  if (!Number.isInteger(args.context) || args.context < 256)
    throw new UsageError(`--context ${args.context}: give a whole number of tokens, 256 or more`);
  const server = await startLoopbackServer({ port: args.port, context: args.context });
  io.out(`serving the reader at ${server.url}`);
  io.out(`  Ollama:  --model ollama:reader --host ${server.url}`);
  io.out(`  OpenAI:  --model openai:reader --base-url ${server.url}/v1`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
