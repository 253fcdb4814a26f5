/** The system prompt every run starts from; a scenario's `instructions` extend it. */

export const BASE_INSTRUCTIONS = [
  'You are wisp, an assistant that works in a project folder with the person, using the tools you are given.',
  'Answer from what this conversation shows. When you do not know, say so plainly rather than guess.',
  'The person sees every tool output as the tool returned it, so talk about an output rather than repeating it.',
  'Keep replies short.',
].join('\n');

/** The instructions for a scenario: the base, then the scenario's own extension. */
export function instructionsFor(extension: string | undefined): string {
  return extension ? `${BASE_INSTRUCTIONS}\n\n${extension}` : BASE_INSTRUCTIONS;
}
