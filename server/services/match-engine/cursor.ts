import crypto from 'node:crypto';

/**
 * Search cursors: opaque, signed, bound to the member and to the search they came from. A cursor carries the last
 * result's (score, profile id) (and its key, sorted by a column), the instant the search began and its day (ages, hence scores, are counted on that
 * day for every page), and a digest of the filters. Signed with a key derived from the session keys, so every
 * process of a deployment reads another's cursors and nobody can forge or reuse one across members.
 */
export interface CursorState {
  score: number;
  profileId: number;
  /** ms since 1970 when the first page was computed */
  startedAt: number;
  day: string;
  /** a search sorted by a column (not the score): the last result's key */
  key?: number;
}

export class CursorError extends Error {}

interface Payload {
  v: 1;
  q: string;
  s: number;
  p: number;
  t: number;
  d: string;
  k?: number;
}

export class Cursors {
  private readonly key: Buffer;

  constructor(secrets: string[]) {
    this.key = crypto.createHash('sha256').update(`saathi search cursor\u0000${secrets.join('\u0000')}`).digest();
  }

  private sign(viewerId: number, body: string): string {
    return crypto.createHmac('sha256', this.key).update(`${viewerId}.${body}`).digest('base64url').slice(0, 22);
  }

  encode(viewerId: number, queryDigest: string, state: CursorState): string {
    const payload: Payload = { v: 1, q: queryDigest, s: state.score, p: state.profileId, t: state.startedAt, d: state.day, k: state.key };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(viewerId, body)}`;
  }

  /** The cursor's state, or a CursorError saying what is wrong with it. */
  decode(viewerId: number, queryDigest: string, cursor: string): CursorState {
    const [body, signature, extra] = cursor.split('.');
    if (!body || !signature || extra !== undefined) throw new CursorError('This cursor is malformed: start the search again.');
    const expected = this.sign(viewerId, body);
    if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
      throw new CursorError('This cursor is not valid for you: start the search again.');
    }
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    } catch {
      throw new CursorError('This cursor is malformed: start the search again.');
    }
    if (payload.q !== queryDigest) throw new CursorError('This cursor belongs to a different search: start the search again.');
    return { score: payload.s, profileId: payload.p, startedAt: payload.t, day: payload.d, key: payload.k };
  }
}

/** A short digest of a search's filters (arrays sorted), the same for the same search on every page. */
export function queryDigest(filters: Record<string, unknown>): string {
  const normal = Object.keys(filters)
    .sort()
    .filter((k) => filters[k] !== undefined)
    .map((k) => [k, Array.isArray(filters[k]) ? [...(filters[k] as unknown[])].map(String).sort() : filters[k]]);
  return crypto.createHash('sha256').update(JSON.stringify(normal)).digest('base64url').slice(0, 16);
}
