import crypto from 'node:crypto';
import type { Middleware } from 'koa';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext, AppMetrics, AppServices } from './context';
import { HttpError, notFound, respondWithError } from './errors';
import type { Log } from './logger';
import { Job, PushOutbox } from './models/delivery';
import { EmailOutbox } from './models/ops';

/**
 * Prometheus metrics of one app: request latency by route and status (observed here), and at each scrape the
 * database pool, the outbox backlog, the jobs' run and failure counts (kept in the jobs table, so they count every
 * process's runs) and the match engine's size. Served at GET /metrics only with `Authorization: Bearer
 * $METRICS_TOKEN`; without METRICS_TOKEN the endpoint does not exist (404), since request counts by route and the
 * member count are not for the public.
 */

/** Process metrics (CPU, memory, event-loop lag) once per process, however many apps a test suite builds. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'saathi_' });
  }
  return processRegistry;
}

export function createMetrics(services: Pick<AppServices, 'db' | 'engine'>): AppMetrics {
  const registry = new Registry();
  const { db } = services;
  const httpDuration = new Histogram({
    name: 'saathi_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = (db.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
  new Gauge({
    name: 'saathi_db_pool_connections',
    help: 'database pool connections by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'used' }, pool.numUsed());
      this.set({ state: 'free' }, pool.numFree());
      this.set({ state: 'pending' }, pool.numPendingAcquires());
    },
  });
  new Gauge({
    name: 'saathi_outbox_backlog',
    help: 'emails waiting in the outbox (not sent, not given up, not handled by staff)',
    registers: [registry],
    async collect() {
      this.set(await EmailOutbox.query(db).whereNull('sentAt').whereNull('handledAt').whereNull('failedAt').resultSize());
    },
  });
  new Gauge({
    name: 'saathi_push_backlog',
    help: 'Web Push notifications waiting to be delivered (first attempt or retries; not yet accepted or given up)',
    registers: [registry],
    async collect() {
      this.set(await PushOutbox.query(db).whereNull('sentAt').whereNull('failedAt').resultSize());
    },
  });
  const jobRows = () => Job.query(db).select('name', 'runs', 'failures', 'lastFinishedAt');
  new Gauge({
    name: 'saathi_job_runs',
    help: 'runs of each periodic job across every process (from the jobs table)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
    async collect() {
      for (const r of await jobRows()) {
        this.set({ job: r.name, outcome: 'all' }, r.runs);
        this.set({ job: r.name, outcome: 'failed' }, r.failures);
      }
    },
  });
  new Gauge({
    name: 'saathi_job_last_finished_seconds',
    help: 'when each periodic job last finished (unix time)',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      for (const r of await jobRows()) if (r.lastFinishedAt !== null) this.set({ job: r.name }, r.lastFinishedAt / 1000);
    },
  });
  new Gauge({
    name: 'saathi_match_engine_members',
    help: 'members in this process\'s match-engine index',
    registers: [registry],
    collect() {
      this.set(services.engine.stats().members);
    },
  });
  return { registry, httpDuration };
}

/** A route pattern, never the raw path: ids in paths would make a series per member. */
function routeLabel(ctx: AppContext): string {
  const matched = (ctx as unknown as { _matchedRoute?: string })._matchedRoute;
  if (matched) return matched;
  if (ctx.path === '/metrics') return '/metrics';
  if (ctx.path.startsWith('/api/')) return '/api/(unmatched)';
  if (ctx.path.startsWith('/media/')) return '/media/*';
  if (ctx.path.startsWith('/assets/') || ctx.path.startsWith('/ops/assets/')) return '/assets/*';
  return '(app page)';
}

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** Times every request, and answers GET /metrics to the holder of METRICS_TOKEN. */
export function metricsMiddleware(metrics: AppMetrics, token: string | null, log: Log): Middleware<unknown, AppContext> {
  return async (ctx, next) => {
    if (ctx.path === '/metrics') {
      if (!token) {
        respondWithError(ctx, notFound(), log);
        return;
      }
      const given = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1] ?? '';
      ctx.set('Cache-Control', 'no-store');
      if (!crypto.timingSafeEqual(digest(given), digest(token))) {
        respondWithError(ctx, new HttpError(401, 'Metrics need Authorization: Bearer <METRICS_TOKEN>.', 'unauthorized', {}, { 'WWW-Authenticate': 'Bearer' }), log);
        return;
      }
      const merged = Registry.merge([metrics.registry, processMetrics()]);
      ctx.type = merged.contentType;
      ctx.body = await merged.metrics();
      return;
    }
    const end = metrics.httpDuration.startTimer();
    try {
      await next();
    } finally {
      end({ method: ctx.method, route: routeLabel(ctx), status: String(ctx.status) });
    }
  };
}
