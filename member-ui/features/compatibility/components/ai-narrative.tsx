import ChevronDown from 'lucide-react/icons/chevron-down';
import { type AiLine, splitAiAnalysis } from '../lib/ai-sections';

/** One narrative line as plain React text (never HTML): bullets and "Label:" lines get their own styling. */
function NarrativeLine({ line }: { line: AiLine }) {
  if (line.kind === 'bullet') {
    return (
      <li className="ai-line ai-line--bullet">
        {line.label ? <strong className="ai-line__label">{line.label}:</strong> : null} {line.text}
      </li>
    );
  }
  if (line.kind === 'label') {
    return (
      <li className="ai-line ai-line--label">
        <strong className="ai-line__label">{line.label}:</strong> {line.text}
      </li>
    );
  }
  return <li className="ai-line ai-line--text">{line.text}</li>;
}

function Lines({ lines }: { lines: AiLine[] }) {
  return (
    <ul className="ai-lines">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the narrative is static text and may repeat a line; position is its identity.
        <NarrativeLine key={index} line={line} />
      ))}
    </ul>
  );
}

/** The AI Analysis tab body: overview, then collapsible sections split on markdown headings. */
export function AiNarrativeView({ markdown }: { markdown: string }) {
  const { overview, sections } = splitAiAnalysis(markdown);
  return (
    <div className="ai-narrative">
      {overview.length > 0 ? (
        <div className="ai-overview">
          <Lines lines={overview} />
        </div>
      ) : null}
      {sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: headings may repeat; the list never reorders.
        <details key={`${section.title}-${index}`} className="ai-section" open={index === 0}>
          <summary className="ai-section__summary">
            <span>{section.title}</span>
            <ChevronDown size={18} aria-hidden="true" className="ai-section__chevron" />
          </summary>
          <Lines lines={section.lines} />
        </details>
      ))}
    </div>
  );
}
