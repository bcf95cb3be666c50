import crypto from 'node:crypto';
import type { Context } from 'koa';
import { knexSnakeCaseMappers } from 'objection';
import { type Db, readRows } from '../db';
import { Session } from '../models/account';
import { User } from '../models/user';
import type { LiveEvents } from '../services/live-events';
import { endSessions } from '../services/session-end';

const camelCaseKeys = knexSnakeCaseMappers().postProcessResponse as (row: Record<string, unknown>) => Record<string, unknown>;

/** The session cookie's name. */
export const SESSION_COOKIE = 'saathi.sid';

/**
 * koa-session external store over the `sessions` table: server-side sessions shared by every process. A session it
 * destroys (sign-out, a refused account, expiry) ends through `endSessions`, so its open event streams close.
 */
export function databaseSessionStore(db: Db, live: Pick<LiveEvents, 'publish'>) {
  const end = async (key: string, userId: unknown): Promise<void> => {
    if (userId !== null && userId !== undefined) await endSessions(live, db, { userId: Number(userId), only: [key] });
    else await Session.query(db).deleteById(key);
  };
  // The session with its account, written by knex once: the account's columns are named (not `users.*`), so a
  // column another process's migration adds later changes neither the prepared statement's result nor the names
  // cached for it.
  let sessionSql: Promise<string> | null = null;
  const statement = () => {
    if (sessionSql) return sessionSql;
    sessionSql = db('users')
      .columnInfo()
      .then((columns) =>
        db('sessions')
          .leftJoin('users', 'users.id', 'sessions.userId')
          .where('sessions.id', '')
          .select([...Object.keys(columns).map((column) => `users.${column}`), 'sessions.data as sessionData', 'sessions.expiresAt as sessionExpiresAt'])
          .toSQL().sql,
      );
    // A failed read (the database away) is tried again by the next request.
    sessionSql.catch(() => {
      sessionSql = null;
    });
    return sessionSql;
  };
  return {
    /**
     * The session and, in the same query, its account: every signed-in request needs both, and on PostgreSQL a
     * query is a round trip. The account goes to `ctx.state.sessionUser` for loadUser, which still decides.
     */
    async get(key: string, _maxAge?: unknown, opts: { ctx?: Context } = {}): Promise<Record<string, unknown> | undefined> {
      // Every request with a session cookie runs this: one prepared statement (not a query built by knex each
      // time), its column names made camelCase as knex's mapping would.
      const [found] = await readRows<Record<string, unknown>>(db, await statement(), [key]);
      if (!found) return undefined;
      const { sessionData, sessionExpiresAt, ...account } = camelCaseKeys(found);
      if (Number(sessionExpiresAt) <= Date.now()) {
        await end(key, account.id);
        return undefined;
      }
      if (opts.ctx) {
        opts.ctx.state.sessionUser = account.id === null || account.id === undefined ? null : User.fromDatabaseJson(account);
        opts.ctx.state.storedSessionKey = key;
      }
      try {
        return JSON.parse(String(sessionData)) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    },
    async set(key: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined, opts: { ctx?: Context } = {}) {
      const now = Date.now();
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 3600_000;
      const userId = typeof sess.userId === 'number' ? sess.userId : null;
      const ctx = opts.ctx;
      const row = {
        id: key,
        userId,
        data: JSON.stringify(sess),
        expiresAt: now + ttl,
        lastSeenAt: now,
        userAgent: ctx ? ctx.get('User-Agent').slice(0, 400) || null : null,
        ip: ctx ? ctx.ip.slice(0, 64) : null,
      };
      // A session this request read is only updated: if it ended meanwhile (a password change on another device), the
      // request still in flight must not write it back.
      if (ctx?.state.storedSessionKey === key) {
        const { id: _id, ...changes } = row;
        await db('sessions').where({ id: key }).update(changes);
        return;
      }
      // A new session: an upsert, raw (the row is written whole and nothing reads it back).
      await db('sessions')
        .insert({ ...row, createdAt: now })
        .onConflict('id')
        .merge(['userId', 'data', 'expiresAt', 'lastSeenAt', 'userAgent', 'ip']);
    },
    async destroy(key: string): Promise<void> {
      const row = await Session.query(db).findById(key).select('userId');
      if (row) await end(key, row.userId);
    },
  };
}

export function generateSessionId(): string {
  return crypto.randomBytes(32).toString('base64url');
}
