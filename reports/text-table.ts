/** A plain text table with aligned columns, for terminals. */

/** The narrowest the last column is wrapped to, however narrow the terminal. */
const NARROWEST_LAST = 20;

/**
 * The table's lines. With `width`, a line takes at most that many columns: the last column's cells
 * (a description, say) wrap at spaces onto lines of their own, indented under the column, and a
 * word longer than the room is cut. The last column keeps at least 20 columns on a narrow terminal.
 */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: { readonly width?: number } = {},
): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const last = header.length - 1;
  const before = widths.slice(0, last).reduce((sum, w) => sum + w + 2, 0);
  const room = options.width === undefined ? Infinity : Math.max(NARROWEST_LAST, options.width - before);
  widths[last] = Math.min(widths[last] ?? 0, room);
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const lines = (cells: readonly string[]) =>
    wrapWords(cells[last] ?? '', room).map((piece, k) =>
      line([...cells.slice(0, last).map((cell) => (k === 0 ? cell : '')), piece]),
    );
  return [...lines(header), line(widths.map((w) => '-'.repeat(w))), ...rows.flatMap(lines)];
}

/** `text` in lines of at most `room` characters, broken at spaces; a longer word is cut. */
export function wrapWords(text: string, room: number): string[] {
  if (text.length <= room) return [text];
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/ +/)) {
    let rest = word;
    while (rest.length > room) {
      if (current !== '') out.push(current);
      out.push(rest.slice(0, room));
      rest = rest.slice(room);
      current = '';
    }
    if (current === '') current = rest;
    else if (current.length + 1 + rest.length <= room) current += ` ${rest}`;
    else {
      out.push(current);
      current = rest;
    }
  }
  if (current !== '' || out.length === 0) out.push(current);
  return out;
}
