/**
 * Splits the AI narrative (markdown-style text) into an overview and sections on "#", "##" and "###" headings.
 * A heading with no text becomes "Section N". Lines are classified, never turned into HTML:
 * the result is rendered as React text, so markup in the narrative shows as typed.
 */
export type AiLine =
  | { kind: 'bullet'; text: string; label?: string }
  | { kind: 'label'; label: string; text: string }
  | { kind: 'text'; text: string };

export interface AiSection {
  title: string;
  lines: AiLine[];
}

export interface AiNarrative {
  overview: AiLine[];
  sections: AiSection[];
}

const HEADING = /^\s{0,3}#{1,3}(?:\s+(.*?))?\s*#*\s*$/;
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+(.*)$/;
// "Label: value" where the label is short and starts the line (not a sentence that happens to hold a colon).
const LABEL = /^([A-Z][^:]{0,40}):\s+(.+)$/;

function stripEmphasis(text: string): string {
  return text.replace(/\*\*(.+?)\*\*/g, '$1').replace(/__(.+?)__/g, '$1').trim();
}

export function classifyLine(raw: string): AiLine | null {
  const line = raw.trim();
  if (!line) return null;
  const bullet = BULLET.exec(line);
  if (bullet) {
    const body = stripEmphasis(bullet[1] ?? '');
    const labelled = LABEL.exec(body);
    return labelled ? { kind: 'bullet', label: labelled[1], text: labelled[2] ?? '' } : { kind: 'bullet', text: body };
  }
  const text = stripEmphasis(line);
  const labelled = LABEL.exec(text);
  if (labelled) return { kind: 'label', label: labelled[1] ?? '', text: labelled[2] ?? '' };
  return { kind: 'text', text };
}

export function splitAiAnalysis(markdown: string): AiNarrative {
  const overview: AiLine[] = [];
  const sections: AiSection[] = [];
  let current: AiSection | null = null;
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(raw);
    if (heading) {
      const title = stripEmphasis(heading[1] ?? '');
      current = { title: title || `Section ${sections.length + 1}`, lines: [] };
      sections.push(current);
      continue;
    }
    const line = classifyLine(raw);
    if (!line) continue;
    (current ? current.lines : overview).push(line);
  }
  return { overview, sections: sections.filter((section) => section.lines.length > 0 || !section.title.startsWith('Section ')) };
}
