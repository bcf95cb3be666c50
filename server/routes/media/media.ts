import fs from 'node:fs/promises';
import { newRouter } from '../../context';
import { notFound } from '../../errors';
import { Photo } from '../../models/photo';
import { decidePhotoAccess } from '../../policies/media';
import { type PhotoVariant, variantPath } from '../../services/photos';

const FILE_PATTERN = /^([a-f0-9]{32})(_thumb|_blur)?\.jpg$/;

/** Uploaded media, always through the access check; a refusal is a 404 so it confirms nothing. */
export function mediaRoutes() {
  const router = newRouter('/media');
  router.get('/photos/:file', async (ctx) => {
    const match = FILE_PATTERN.exec(ctx.params.file ?? '');
    if (!match) throw notFound('Photo not found');
    const [, fileKey, suffix] = match;
    const variant: PhotoVariant = suffix === '_thumb' ? 'thumb' : suffix === '_blur' ? 'blur' : 'display';
    const photo = await Photo.query(ctx.services.db).findOne({ fileKey });
    if (!photo) throw notFound('Photo not found');
    const decision = await decidePhotoAccess(ctx.services.db, ctx.state.user, photo);
    if (decision === 'deny' || (decision === 'blur-only' && variant !== 'blur')) throw notFound('Photo not found');
    let data: Buffer;
    try {
      data = await fs.readFile(variantPath(ctx.services.config.dataDir, fileKey, variant));
    } catch {
      throw notFound('Photo not found');
    }
    ctx.type = 'image/jpeg';
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.set('Content-Disposition', 'inline');
    ctx.body = data;
  });
  return router;
}
