// pg-copy-streams ships no types: the part of its interface the match engine's start-up scan uses.
declare module 'pg-copy-streams' {
  import type { Readable } from 'node:stream';
  /** A query for node-postgres's client.query that streams COPY … TO STDOUT's data as it arrives */
  export function to(text: string): Readable & { submit(connection: unknown): void };
}
