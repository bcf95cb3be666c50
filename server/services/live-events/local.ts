import { EventEmitter } from 'node:events';

export interface LiveEvent {
  userId: number;
  /** `session-ended` is for the streams themselves (they close), never forwarded to the app */
  kind: 'message' | 'notification' | 'read' | 'presence' | 'subscription' | 'call' | 'session-ended';
  payload: Record<string, unknown>;
}

export type Listener = (event: LiveEvent) => void;

/**
 * Fan-out of live events to the server-sent-event streams of this process. On PostgreSQL `PgLiveEvents` also
 * carries each event to every other Saathi process; on SQLite, where one process serves, `SqliteLiveEvents`
 * follows what other processes (the CLI, jobs) publish.
 */
export class LiveEvents {
  private readonly emitter = new EventEmitter();
  private readonly closers = new Set<() => void>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(event: LiveEvent): void {
    this.deliver(event);
  }

  /** Hands an event to this process's streams for that member. */
  protected deliver(event: LiveEvent): void {
    this.emitter.emit(`user:${event.userId}`, event);
  }

  /** `onClose` runs when the process shuts down, so open streams end instead of holding the server open. */
  subscribe(userId: number, listener: Listener, onClose?: () => void): () => void {
    const name = `user:${userId}`;
    this.emitter.on(name, listener);
    if (onClose) this.closers.add(onClose);
    return () => {
      this.emitter.off(name, listener);
      if (onClose) this.closers.delete(onClose);
    };
  }

  listenerCount(userId: number): number {
    return this.emitter.listenerCount(`user:${userId}`);
  }

  /**
   * Payloads sent with NOTIFY on another channel (by database triggers, say), with `onGap` called after the
   * listening connection was lost and came back (notifications sent meanwhile are gone). Only PostgreSQL has
   * them: in-process there is nothing to listen to, and this returns a no-op unsubscribe.
   */
  onChannel(_channel: string, _listener: (payload: string) => void, _onGap?: () => void): () => void {
    return () => {};
  }

  async start(): Promise<void> {}

  /** Ends every open stream (graceful shutdown). */
  async close(): Promise<void> {
    for (const close of [...this.closers]) close();
    this.closers.clear();
  }
}
