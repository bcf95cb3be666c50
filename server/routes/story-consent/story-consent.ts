import * as z from 'zod';
import { newRouter } from '../../context';
import { notFound } from '../../errors';
import { parse, requestBody } from '../../middleware/validate';
import { User } from '../../models/user';
import { consentByToken, answerConsent, storyMemberIds } from '../../services/story-consent';

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const answerSchema = z.object({ answer: z.enum(['accept', 'decline', 'withdraw'], { error: 'Answer accept, decline or withdraw' }) });

/**
 * A member's answer to "may we publish your story?", through the link sent to them in the app and by email. The
 * link is theirs alone and keeps working, so they can withdraw later.
 */
export function storyConsentRoutes() {
  const router = newRouter('/api/story-consent');

  router.get('/:token', async (ctx) => {
    const token = ctx.params.token ?? '';
    if (!TOKEN.test(token)) throw notFound('This link is not valid');
    const { consent, story } = await consentByToken(ctx.services.db, token);
    const names = await User.query(ctx.services.db).whereIn('id', storyMemberIds(story)).select('id', 'fullName');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      you: names.find((n) => n.id === consent.userId)?.fullName ?? null,
      partner: names.find((n) => n.id !== consent.userId)?.fullName ?? null,
      status: consent.status,
      isPublished: story.isPublished,
      submittedByPartner: story.createdBy !== null && story.createdBy !== consent.userId && storyMemberIds(story).includes(story.createdBy),
      // Consent is to these exact photos: the page shows them, through this link (the member may not be signed in).
      story: {
        matchDate: story.matchDate, marriageDate: story.marriageDate, location: story.location, testimonial: story.testimonial,
        photoCount: story.photoKeys?.length ?? 0,
        photos: (story.photoKeys ?? []).map((key) => `/media/story-consent/${token}/${key}.jpg`),
      },
    };
  });

  router.post('/:token', async (ctx) => {
    const token = ctx.params.token ?? '';
    if (!TOKEN.test(token)) throw notFound('This link is not valid');
    const { answer } = parse(answerSchema, requestBody(ctx));
    const status = await answerConsent(ctx.services.db, token, answer);
    ctx.body = {
      status,
      message:
        status === 'accepted'
          ? 'Thank you. The story is published once you have both agreed; you can withdraw at any time from this page.'
          : status === 'declined'
            ? 'Understood. The story will not be published.'
            : 'Your consent is withdrawn and the story has been taken down.',
    };
  });

  return router;
}
