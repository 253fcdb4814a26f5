/** Ollama's address: --host, else OLLAMA_HOST, else the usual local address, read as Ollama's clients read it. */

/** Where Ollama listens when neither --host nor OLLAMA_HOST says. */
export const DEFAULT_OLLAMA_HOST = 'http://127.0.0.1:11434';

/** A host as Ollama's clients read it: `host:port`, `:port` or a URL, as a URL with a port. */
export function ollamaUrl(host: string): string {
  let url = host.trim();
  if (url.startsWith(':')) url = `http://127.0.0.1${url}`;
  else if (!url.includes('://')) url = `http://${url}`;
  const parsed = new URL(url);
  if (!parsed.port && !host.includes('://')) parsed.port = '11434';
  return parsed.toString().replace(/\/$/, '');
}

/** The host: --host, else OLLAMA_HOST, else the usual local address. */
export function ollamaHost(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const host = flag ?? (env.OLLAMA_HOST?.trim() ? env.OLLAMA_HOST : undefined) ?? DEFAULT_OLLAMA_HOST;
  return ollamaUrl(host);
}
