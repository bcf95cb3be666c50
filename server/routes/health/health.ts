import { newRouter } from '../../context';
import { pendingMigrations } from '../../migrations';
import { HttpError } from '../../errors';

/**
 * Liveness (the process answers) and readiness (it can serve: the database answers, every migration this build
 * knows is applied, and it is not shutting down). A load balancer sends traffic only to ready processes; an
 * orchestrator restarts only processes that are not live. GET /api/health is readiness too.
 */
export function healthRoutes() {
  const router = newRouter('/api');
  router.get('/health/live', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  const ready = async (ctx: Parameters<Parameters<typeof router.get>[1]>[0]) => {
    ctx.set('Cache-Control', 'no-store');
    const { db, lifecycle } = ctx.services;
    if (lifecycle.draining) throw new HttpError(503, 'Shutting down: finishing the requests in flight', 'shutting_down');
    let pending: string[];
    try {
      // One read answers both: the database is reachable, and which migrations it lacks.
      pending = await pendingMigrations(db);
    } catch {
      throw new HttpError(503, 'Database unreachable', 'db_unreachable');
    }
    if (pending.length) {
      throw new HttpError(503, `Database not migrated: ${pending.length} migration${pending.length === 1 ? '' : 's'} pending (run saathi migrate)`, 'migrations_pending', { pending });
    }
    ctx.body = { status: 'ok' };
  };
  router.get('/health/ready', ready);
  router.get('/health', ready);
  return router;
}
