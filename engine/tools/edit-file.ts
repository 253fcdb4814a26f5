/**
 * edit_file: writes a whole file, appends to one, or replaces one unique string in it, inside the
 * workspace. A replacement whose text occurs more than once, or not at all, is refused so that an
 * edit never lands somewhere the model did not mean.
 */
import { errorResult, stringArgument, type Tool, type ToolResult } from './tool.js';
import { WorkspaceError, type Workspace } from './workspace.js';

const MODES = ['write', 'append', 'replace'] as const;
type Mode = (typeof MODES)[number];

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count += 1;
  return count;
}

async function existing(workspace: Workspace, path: string): Promise<string | null> {
  try {
    return await workspace.readText(path);
  } catch (error) {
    if (error instanceof WorkspaceError && /^there is no file/.test(error.message)) return null;
    throw error;
  }
}

async function edit(
  workspace: Workspace,
  mode: Mode,
  path: string,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  const text = args.text;
  if (typeof text !== 'string') return errorResult('the argument "text" must be a string');
  if (mode === 'write') {
    await workspace.writeText(path, text);
    return { content: `wrote ${path} (${text.split('\n').length} lines)`, ok: true };
  }
  const before = await existing(workspace, path);
  if (mode === 'append') {
    await workspace.writeText(path, (before ?? '') + text);
    return { content: `appended ${text.split('\n').length} lines to ${path}`, ok: true };
  }
  if (before === null) return errorResult(`there is no file "${path}" to change`);
  const old = stringArgument(args, 'old');
  if (typeof old !== 'string') return errorResult(old.error);
  const count = occurrences(before, old);
  if (count !== 1) {
    return errorResult(
      `the text to replace occurs ${count} times in ${path}; give a string that occurs exactly once`,
    );
  }
  await workspace.writeText(
    path,
    before.replace(old, () => text),
  );
  return { content: `replaced 1 occurrence in ${path}`, ok: true };
}

/** The edit_file tool over a workspace. */
export function editFileTool(workspace: Workspace): Tool {
  return {
    readOnly: false,
    spec: {
      name: 'edit_file',
      description: 'Write, append to, or change one unique string of a text file in the workspace.',
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          mode: { type: 'string', enum: [...MODES] },
          text: { type: 'string', description: 'the new text' },
          old: { type: 'string', description: 'for replace: the text to change, which must occur once' },
        },
        required: ['path', 'mode', 'text'],
      },
    },
    async run(args): Promise<ToolResult> {
      const path = stringArgument(args, 'path');
      if (typeof path !== 'string') return errorResult(path.error);
      const mode = args.mode;
      if (!MODES.includes(mode as Mode))
        return errorResult(`the argument "mode" must be one of ${MODES.join(', ')}`);
      try {
        return await edit(workspace, mode as Mode, path, args);
      } catch (error) {
        if (error instanceof WorkspaceError) return errorResult(error.message);
        throw error;
      }
    },
  };
}
