import type { ParameterizedContext } from 'koa';
import Router from '@koa/router';
const RouterClass = Router;
import type { Config } from './config';
import type { Db } from './db';
import type { User } from './models/user';
import type { LiveEvents } from './services/live-events';
import type { MatchEngine } from './services/match-engine/engine';
import type { Histogram, Registry } from 'prom-client';
import type { MediaStore } from './services/media-store';
import type { CardRows } from './services/card-rows';

export interface AppState {
  user: User | null;
  requestId: string;
  /** set when a family member acts for the profile they help with (then `user` is the profile's account) */
  actingFamily?: { userId: number; fullName: string; relation: string; profileId: number } | null;
  /** the session's account as read with the session itself (one query), for loadUser */
  sessionUser?: User | null;
  /** the session id read from the store for this request (a session it must update, never create again) */
  storedSessionKey?: string;
}

/** The process's Prometheus registry and the request-duration histogram (filled by metrics.ts). */
export interface AppMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
}

export interface AppServices {
  config: Config;
  db: Db;
  live: LiveEvents;
  /** ranks every list of members (search, daily and featured matches, who liked you) */
  engine: MatchEngine;
  /** what profile cards show, kept in step with the engine's change feed */
  cards: CardRows;
  log: (entry: Record<string, unknown>) => void;
  metrics: AppMetrics;
  /** uploaded media: the data directory or an S3-compatible bucket (MEDIA_STORE) */
  media: MediaStore;
  /** draining: the process got SIGTERM and finishes what it has; readiness answers 503 so proxies move on */
  lifecycle: { draining: boolean };
}

export interface AppCustomContext {
  services: AppServices;
  session: SessionData | null;
  params: Record<string, string>;
}

export type AppContext = ParameterizedContext<AppState, AppCustomContext>;

export interface SessionData {
  userId?: number;
  /** set after password check when 2FA is on, until the code is given */
  pendingTotpUserId?: number;
  createdAt?: number;
  [key: string]: unknown;
}

export type AppRouter = Router<AppState, AppCustomContext>;

export function newRouter(prefix: string): AppRouter {
  return new RouterClass<AppState, AppCustomContext>({ prefix });
}
