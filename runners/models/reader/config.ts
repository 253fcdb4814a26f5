/**
 * Reading settings files as statements. In a TOML or INI file a value sits on a `key = value` line
 * under a `[section]`, often after a comment that says what it is; read line by line, the comment
 * matches a question and the value is a line away. So each setting is also stated whole, with its
 * comment, section and key: "Where uploads are kept: uploads dir = /var/lib/uploads."
 */

const SECTION = /^\s*\[\[?([^\]]+)\]\]?\s*$/;
const SETTING = /^\s*([A-Za-z_][\w.-]*)\s*=\s*(\S.*?)\s*$/;
const COMMENT = /^\s*(?:#|;)\s?(.*)$/;

/** True when a text reads as a settings file: a section, or several `key = value` lines. */
export function looksLikeSettings(text: string): boolean {
  const lines = text.split('\n');
  const settings = lines.filter((l) => SETTING.test(l)).length;
  return settings >= 2 && (settings >= 3 || lines.some((l) => SECTION.test(l)));
}

function unquote(value: string): string {
  return value.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
}

/** The text with a statement line added after each setting; unchanged when it is no settings file. */
export function withSettingStatements(text: string): string {
  if (!looksLikeSettings(text)) return text;
  const out: string[] = [];
  let section = '';
  let comment: string[] = [];
  for (const line of text.split('\n')) {
    out.push(line);
    const header = SECTION.exec(line);
    const remark = COMMENT.exec(line);
    const setting = SETTING.exec(line);
    if (header?.[1]) {
      section = header[1].trim();
      comment = [];
    } else if (remark) {
      if (remark[1]?.trim()) comment.push(remark[1].trim().replace(/[.:;]$/, ''));
    } else if (setting?.[1] && setting[2]) {
      const subject = [section, setting[1]].filter(Boolean).join(' ');
      const lead = comment.length > 0 ? `${comment.join('; ')}: ` : '';
      out.push('', `${lead}${subject} = ${unquote(setting[2])}.`, '');
      comment = [];
    } else if (line.trim() === '') {
      comment = [];
    }
  }
  return out.join('\n');
}
