import { formatDateTime } from '../lib/format';
import type { Conversation, SenderConversation } from '../lib/records';
import { MemberLink } from './member-link';

const SIGNAL_LABELS: Record<string, string> = {
  money_request: 'Asks for money or gift cards',
  investment: 'Pushes an investment or crypto scheme',
  off_platform: 'Moves to another app early',
};

export function signalLabel(signal: string): string {
  return SIGNAL_LABELS[signal] ?? signal;
}

/**
 * The two members' messages up to a report, the reported member's on the right; the message an automatic report is
 * about is highlighted, and every message the scam rules recognised is marked.
 */
export function ConversationView({ conversation, reportedName, otherName }: { conversation: Conversation; reportedName: string; otherName: string }) {
  if (conversation.messages.length === 0) return <p className="ops-cell-muted">These two members have not exchanged messages.</p>;
  return (
    <>
      <p className="ops-cell-muted">
        {conversation.total > conversation.messages.length
          ? `The last ${conversation.messages.length} messages before the report.`
          : 'Every message between the two before the report.'}{' '}
        Only messages between these two members are shown.
      </p>
      <ol className="ops-conversation" aria-label="Messages between the two members">
        {conversation.messages.map((message) => (
          <li
            key={message.id}
            className={['ops-conversation__message', message.fromReported && 'is-reported', message.highlighted && 'is-highlighted'].filter(Boolean).join(' ')}
            aria-current={message.highlighted ? 'true' : undefined}
          >
            <span className="ops-conversation__meta">
              {message.fromReported ? reportedName : otherName} · {formatDateTime(message.createdAt)}
            </span>
            <span className="ops-conversation__text">{message.content}</span>
            {message.safetySignal ? (
              <span className="ops-conversation__signal">
                {message.highlighted ? 'This report is about this message · ' : ''}
                {signalLabel(message.safetySignal)}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** The sender's other conversations of the last 30 days, those with recognised messages first. */
export function SenderConversations({ rows }: { rows: SenderConversation[] }) {
  if (rows.length === 0) return <p className="ops-cell-muted">No other conversations in the last 30 days.</p>;
  return (
    <table className="ops-mini-table" aria-label="The sender's other conversations">
      <thead>
        <tr>
          <th scope="col">With</th>
          <th scope="col">Sent</th>
          <th scope="col">Answers</th>
          <th scope="col">Flagged</th>
          <th scope="col">First</th>
          <th scope="col">Last</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.with.id} className={row.flagged > 0 ? 'is-flagged' : undefined}>
            <td>
              <MemberLink member={row.with} />
            </td>
            <td>{row.sent}</td>
            <td>{row.received}</td>
            <td>{row.flagged}</td>
            <td>{formatDateTime(row.firstAt)}</td>
            <td>{formatDateTime(row.lastAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
