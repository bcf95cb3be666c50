import { createReviewerSchema } from '../../../../contracts/ops';
import type { AppRouter } from '../../../context';
import { conflict } from '../../../errors';
import { requireAdmin } from '../../../middleware/auth';
import { parse, requestBody } from '../../../middleware/validate';
import { isoOrNull } from '../../../presenters/user';
import { createAccount, takenField } from '../../../services/accounts';
import { auditFrom } from '../../../services/audit';

/** Staff accounts (admins only): list and create reviewers and admins. */
export function reviewerRoutes(router: AppRouter) {
  router.get('/reviewers', requireAdmin, async (ctx) => {
    const rows = await ctx.services.db('users').whereIn('role', ['reviewer', 'admin']).where({ isDeleted: false }).orderBy('createdAt').select('id', 'fullName', 'username', 'email', 'role', 'status', 'createdAt');
    ctx.body = rows.map((r) => ({ ...r, createdAt: isoOrNull(r.createdAt) }));
  });

  router.post('/reviewers', requireAdmin, async (ctx) => {
    const input = parse(createReviewerSchema, requestBody(ctx));
    const db = ctx.services.db;
    const taken = await takenField(db, input.username, input.email);
    if (taken) throw conflict(taken === 'username' ? 'Username already exists' : 'Email already registered', { field: taken });
    const user = await db.transaction(async (trx) => {
      const created = await createAccount(
        trx,
        { fullName: input.fullName, username: input.username, email: input.email.toLowerCase(), password: input.password, role: input.role },
        { scryptCost: ctx.services.config.scryptCost, firstFreePremium: ctx.services.config.firstFreePremium, countRegistration: false },
      );
      await auditFrom(ctx, 'reviewer.create', 'user', created.id, { username: input.username, role: input.role }, { db: trx });
      return created;
    });
    ctx.status = 201;
    ctx.body = { id: user.id, fullName: user.fullName, username: user.username, email: user.email, role: user.role };
  });
}
