import type { MessageAuthorView } from '../../../contracts/views';

/**
 * Who a message is shown as written by, in a thread and in a conversation's preview alike: the member's family
 * member who wrote it for them, by the label both sides see ("Priya's mother"); otherwise the name the view gives
 * the reader's side or the other side (`names`), or nobody.
 */
export function messageAuthor(
  message: { senderId: number; sentBy?: MessageAuthorView | null },
  userId: number,
  names?: { own: string | null; theirs: string | null },
): string | null {
  if (message.sentBy) return message.sentBy.label;
  if (!names) return null;
  return message.senderId === userId ? names.own : names.theirs;
}
