import Check from 'lucide-react/icons/check';
import CheckCheck from 'lucide-react/icons/check-check';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import type { MessageView } from '../../../contracts/views';
import { cn } from '../ui/cn';
import { clockTime, groupByDay } from '../../lib/message-time';
import { messageAuthor } from './message-author';

/**
 * Messages grouped by day (Today / Yesterday / long date); own messages on the right. `names`: family reading a
 * conversation for the member see every message's author named (the member, their family, the other member).
 */
export function ChatThread({ messages, userId, now, names }: { messages: MessageView[]; userId: number; now?: Date; names?: { own: string; theirs: string } }) {
  const days = groupByDay(messages, now);
  return (
    <div className="chat-thread">
      {days.map((day) => (
        <section key={day.key} className="chat-day" aria-label={day.label}>
          <h2 className="chat-day__label">
            <span>{day.label}</span>
          </h2>
          <ol className="chat-day__list">
            {day.messages.map((message, index) => {
              const mine = message.senderId === userId;
              const next = day.messages[index + 1];
              const lastOfRun = !next || next.senderId !== message.senderId;
              const by = messageAuthor(message, userId, names);
              const bubble = (
                <li
                  key={message.id}
                  className={cn(
                    'bubble',
                    mine ? 'bubble--mine' : 'bubble--theirs',
                    lastOfRun && 'bubble--tail',
                  )}
                  data-message-id={message.id}
                >
                  {/* Written by the member's family for them: both sides see who ("Priya's mother"). */}
                  {by ? <span className="bubble__by">{by}</span> : null}
                  <p className="bubble__text">{message.content}</p>
                  <span className="bubble__meta">
                    <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
                    {mine ? (
                      message.isRead ? (
                        <CheckCheck size={14} aria-label="Read" className="bubble__status bubble__status--read" />
                      ) : (
                        <Check size={14} aria-label="Sent" className="bubble__status" />
                      )
                    ) : null}
                  </span>
                </li>
              );
              // A message the scam rules recognised: the recipient reads a calm notice under it.
              if (!message.safetyNotice || mine) return bubble;
              return [
                bubble,
                <li key={`${message.id}-notice`} className="chat-safety-notice" role="note">
                  <ShieldAlert size={16} aria-hidden="true" />
                  <span>{message.safetyNotice}</span>
                </li>,
              ];
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}
