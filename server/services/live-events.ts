import { EventEmitter } from 'node:events';

export interface LiveEvent {
  userId: number;
  kind: 'message' | 'notification' | 'read' | 'presence';
  payload: Record<string, unknown>;
}

/**
 * Fan-out of live events to the server-sent-event streams of this process. A PostgreSQL deployment replaces
 * `publish` with LISTEN/NOTIFY so events reach streams held by other processes.
 */
export class LiveEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(event: LiveEvent): void {
    this.emitter.emit(`user:${event.userId}`, event);
  }

  subscribe(userId: number, listener: (event: LiveEvent) => void): () => void {
    const name = `user:${userId}`;
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  listenerCount(userId: number): number {
    return this.emitter.listenerCount(`user:${userId}`);
  }
}
