import { Spinner } from '../ui/spinner';

/** A thread on its way, inside the chat's scroller. */
export function ChatLoading() {
  return (
    <div className="chat__state" role="status">
      <Spinner size={28} />
      <span className="visually-hidden">Loading messages</span>
    </div>
  );
}
