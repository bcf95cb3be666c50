import * as z from 'zod';
import { newRouter } from '../../context';
import { requestLanguage } from '../../i18n';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse } from '../../middleware/validate';
import { biodataFor } from '../../services/biodata/index';

/** ?chart=north|south: the chart style the member chose on the Kundali page (North Indian unless said). */
const biodataQuerySchema = z.strictObject(
  { chart: z.enum(['north', 'south'], { error: 'Chart is north or south' }).default('north') },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys.join(', ')}` : undefined) },
);

export function biodataRoutes() {
  const router = newRouter('/api');

  // The marriage biodata as a PDF in the reader's language (services/biodata says who may have it and what it shows).
  router.get('/profiles/:id/biodata.pdf', requireUser, async (ctx) => {
    const profileId = idParam(ctx.params.id);
    const { chart } = parse(biodataQuerySchema, ctx.query);
    const { pdf, fileName } = await biodataFor(ctx.services, currentUser(ctx), profileId, { chartStyle: chart, origin: `${ctx.protocol}://${ctx.host}`, language: requestLanguage(ctx) });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
    ctx.type = 'application/pdf';
    ctx.body = pdf;
  });

  return router;
}
