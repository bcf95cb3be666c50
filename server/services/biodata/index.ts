import type { Profile } from '../../models/profile';
import { PrivacySettings } from '../../models/settings';
import type { User } from '../../models/user';
import type { AppServices } from '../../context';
import { forbidden, notFound } from '../../errors';
import { translatorFor } from '../../i18n';
import type { Language } from '../../../contracts/i18n/languages';
import { decideFamily, familyFacts, relationshipBetween } from '../../policies/relationship';
import { presentProfile } from '../../presenters/profile';
import { IncompleteBirthData, birthData } from '../kundali/index';
import { castChart } from '../kundali/chart';
import { rashiChart } from '../kundali/explain';
import { mediaName } from '../photos';
import { loadProfile } from '../profiles';
import type { ChartStyle } from './chart';
import { type BiodataContent, renderBiodata } from './document';

export const BIODATA_NOT_SHARED = 'The person this profile is for has not allowed family to share their biodata';

/**
 * GET /api/profiles/:id/biodata.pdf. Who may have it (the relationship policy): the profile's own people — its
 * account, the candidate, family helpers — as the family rules allow sharing ('share': helpers need the candidate's
 * mayShare), and any member who may view the profile. Anyone else gets the 404 of a profile that does not exist.
 *
 * The biodata is made to be passed on, outside Saathi too, so it follows the member's privacy settings whoever asks
 * for it: the phone number and email only when the member shows them, the blurred photo whenever the member blurs
 * photos (a match, who sees the clear photo on Saathi, gets it clear here too). It is written in `language`, the
 * reader's: the document's own words, the lists' values and the dates; what the member typed is printed as typed.
 */
export async function biodataFor(services: Pick<AppServices, 'db' | 'media' | 'config'>, viewer: User, profileId: number, options: { chartStyle: ChartStyle; origin: string; language: Language }): Promise<{ pdf: Buffer; fileName: string }> {
  const { db } = services;
  const profile = await loadProfile(db, profileId);
  if (!profile?.user || profile.isDeleted) throw notFound('Profile not found');
  const facts = await familyFacts(db, viewer.id, profileId);
  const privacy = await PrivacySettings.query(db).findById(profile.userId);
  let clearPhotos: boolean;
  if (facts && facts.role !== null) {
    // Its own people know it exists: a refusal says why.
    if (!decideFamily(facts, 'share')) throw forbidden(BIODATA_NOT_SHARED, { action: 'share' });
    clearPhotos = !privacy?.blurPhotos;
  } else {
    const relationship = await relationshipBetween(db, viewer, profile.userId);
    if (!relationship.mayViewProfile) throw notFound('Profile not found');
    clearPhotos = relationship.clearPhotos;
  }
  const content = await contentOf(services, profile, profile.user, {
    clearPhotos, showPhone: Boolean(privacy?.showPhoneNumber), showEmail: Boolean(privacy?.showEmail), ...options,
  });
  return { pdf: await renderBiodata(content), fileName: `saathi-biodata-${profileId}.pdf` };
}

async function contentOf(
  services: Pick<AppServices, 'media' | 'config'>,
  profile: Profile,
  user: User,
  o: { clearPhotos: boolean; showPhone: boolean; showEmail: boolean; chartStyle: ChartStyle; origin: string; language: Language },
): Promise<BiodataContent> {
  // Presented as for a member who is not its owner: the presenter's privacy rules (income, contact) apply.
  const presented = presentProfile(profile, user, { clearPhotos: o.clearPhotos, isOwner: false, showPhone: o.showPhone });
  const first = profile.photos?.[0];
  const photo = first ? await services.media.get(mediaName(first.fileKey, o.clearPhotos ? 'display' : 'blur')) : null;
  let chart: BiodataContent['chart'] = null;
  try {
    chart = rashiChart(castChart(birthData(profile)));
  } catch (error) {
    if (!(error instanceof IncompleteBirthData)) throw error;
  }
  const base = (services.config.publicUrl ?? o.origin).replace(/\/+$/, '');
  return {
    profile: presented,
    email: o.showEmail ? user.email : null,
    photo,
    photoBlurred: photo !== null && !o.clearPhotos,
    chart,
    chartStyle: o.chartStyle,
    link: `${base}/profile/${profile.id}`,
    t: translatorFor(o.language),
  };
}
