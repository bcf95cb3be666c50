import '../../../contracts/phone';
import type { Knex } from 'knex';
import {
  COMPLETION_STAGES,
  type CompletionStage,
  PROFILE_MESSAGES,
  basicsFields,
  partnerPreferenceFields,
  createProfileSchema,
  siblingIssue,
  stageSchemas,
  updateProfileSchema,
} from '../../../contracts/profile';
import { type AppContext, newRouter } from '../../context';
import { HttpError, conflict, forbidden, notFound, validationFailed } from '../../errors';
import { assertSelf, currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { Profile } from '../../models/profile';
import { PROFILE_READ_ONLY_FIELDS, ignoringReadOnly } from '../../../contracts/read-only';
import { chartFromBirthDetails, completionStatus, derivedFields, hasBirthTime } from '../../services/profile-completion';
import { clearDraftRow } from '../../services/profile-draft';
import { profileAnswerFor } from '../../services/profile-answer';
import { ensureFamilyRecord, familyLabels } from '../../services/family/people';
import {
  deleteFiles,
  deleteOwnProfile,
  liveProfileOfUser,
  loadProfile,
  presentFor,
  presentOwn,
  setProfilePhotos,
  visibleProfile,
} from '../../services/profiles';


const OPPOSITE: Record<string, string | null> = { male: 'female', female: 'male', other: null };

/**
 * The profile of `id` that the session's member owns. Anyone else's answers exactly like a profile that does not
 * exist (404): an owner-only route must not confirm that a hidden profile is there.
 */
async function ownedProfile(ctx: AppContext, id: number): Promise<Profile> {
  const user = currentUser(ctx);
  const profile = await loadProfile(ctx.services.db, id);
  if (!profile || profile.isDeleted || profile.userId !== user.id) throw notFound('Profile not found');
  return profile;
}

function checkParentFields(merged: Partial<Profile>): void {
  if (merged.profileType !== 'parent') return;
  if (!merged.parentName) throw validationFailed(PROFILE_MESSAGES.parentNameRequired, 'parentName');
  if (!merged.parentRelationship) throw validationFailed(PROFILE_MESSAGES.parentRelationshipRequired, 'parentRelationship');
  if (!merged.parentContact) throw validationFailed(PROFILE_MESSAGES.parentContactRequired, 'parentContact');
}

async function saveProfileChanges(ctx: AppContext, profile: Profile, changes: Partial<Profile>, photoIds?: number[]): Promise<Profile> {
  const user = currentUser(ctx);
  const merged = { ...profile, ...changes } as Profile;
  if (merged.profileType !== 'parent') Object.assign(changes, { parentName: null, parentRelationship: null, parentContact: null });
  if (merged.profileType === 'self') Object.assign(changes, { fullName: null });
  checkParentFields({ ...merged, ...changes });
  if (merged.agePreferenceMin != null && merged.agePreferenceMax != null && merged.agePreferenceMin > merged.agePreferenceMax) {
    throw validationFailed(PROFILE_MESSAGES.ageOrder, 'agePreferenceMin');
  }
  // A save of one count is checked against the other as stored (two married brothers, then "one brother").
  const siblings = siblingIssue({ ...merged, ...changes });
  if (siblings) throw validationFailed(siblings.message, siblings.field);
  let removed: string[] = [];
  await ctx.services.db.transaction(async (trx: Knex.Transaction) => {
    const next = { ...merged, ...changes };
    await Profile.query(trx)
      .findById(profile.id)
      .patch({ ...changes, ...derivedFields(next.fullName ?? user.fullName, next), updatedAt: Date.now() });
    if (photoIds) removed = await setProfilePhotos(trx, user.id, profile.id, photoIds);
  });
  await deleteFiles(ctx.services.media, removed);
  const updated = await loadProfile(ctx.services.db, profile.id);
  if (!updated) throw notFound('Profile not found');
  return updated;
}

export function profileRoutes() {
  const router = newRouter('/api');
  router.use(requireUser);

  router.post('/profiles', async (ctx) => {
    const user = currentUser(ctx);
    const raw = requestBody(ctx);
    if (raw.userId !== undefined && Number(raw.userId) !== user.id) throw forbidden('You can only create your own profile');
    const { userId: _ignored, location: _location, ...rest } = raw;
    const input = parse(createProfileSchema, rest);
    if (await liveProfileOfUser(ctx.services.db, user.id)) throw conflict('You already have a profile. Edit it from your profile page.');
    const isParent = input.profileType === 'parent';
    const fields: Partial<Profile> = {
      gender: input.gender,
      lookingFor: input.lookingFor ?? OPPOSITE[input.gender] ?? null,
      dateOfBirth: input.dateOfBirth,
      profileType: input.profileType,
      fullName: input.profileType !== 'self' ? (input.fullName ?? null) : null,
      parentName: isParent ? (input.parentName ?? null) : null,
      parentRelationship: isParent ? (input.parentRelationship ?? null) : null,
      parentContact: isParent ? (input.parentContact ?? null) : null,
      country: input.country,
      city: input.city,
      education: input.education,
      educationDetails: input.educationDetails ?? null,
      profession: input.profession,
      company: input.company ?? null,
      about: input.about ?? null,
      birthHour: input.birthHour ?? null,
      birthMinute: input.birthMinute ?? null,
      birthAmPm: input.birthAmPm ?? null,
      birthPlace: input.birthPlace ?? null,
      religion: input.religion ?? null,
      motherTongue: input.motherTongue ?? null,
      ...Object.fromEntries(Object.keys(basicsFields).map((key) => [key, input[key as keyof typeof basicsFields] ?? null])),
      familyType: input.familyType ?? null,
      familyValues: input.familyValues ?? null,
      siblingDetails: input.siblingDetails ?? null,
      agePreferenceMin: input.agePreferenceMin ?? null,
      agePreferenceMax: input.agePreferenceMax ?? null,
      locationPreference: input.locationPreference,
      educationPreference: input.educationPreference ?? null,
      professionPreference: input.professionPreference ?? null,
      ...Object.fromEntries(Object.keys(partnerPreferenceFields).map((key) => [key, input[key as keyof typeof partnerPreferenceFields] ?? null])),
      familyBackground: input.familyBackground ?? null,
      // The NRI questions are not in the wizard: unanswered until the member saves the NRI Details card.
      culturalIntegrationLevel: null,
      returnToIndiaPlans: null,
    };
    const now = Date.now();
    let created: Profile | undefined;
    try {
      await ctx.services.db.transaction(async (trx: Knex.Transaction) => {
        const inserted = await Profile.query(trx).insertAndFetch({
          ...fields,
          userId: user.id,
          ...derivedFields(fields.fullName ?? user.fullName, fields),
          isDeleted: false,
          createdAt: now,
          updatedAt: now,
        });
        await setProfilePhotos(trx, user.id, inserted.id, input.photoIds);
        await clearDraftRow(trx, user.id);
        // A profile made for someone else has its people from the start: its creator is its first family member.
        await ensureFamilyRecord(trx, inserted.id, { hiddenUntilConfirmed: input.hiddenUntilConfirmed });
        created = inserted;
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // The partial unique index: a second request raced this one.
      if (String((error as Error).message).toLowerCase().includes('unique')) throw conflict('You already have a profile. Edit it from your profile page.');
      throw error;
    }
    const profile = await loadProfile(ctx.services.db, (created as Profile).id);
    ctx.status = 201;
    ctx.body = presentOwn(profile as Profile);
  });

  // Own profile by user id (both spellings of the spec), or another member's when they may see it.
  const byUser = async (ctx: AppContext) => {
    const viewer = currentUser(ctx);
    const userId = idParam(ctx.params.userId);
    const profile = await liveProfileOfUser(ctx.services.db, userId);
    const { profile: p, access } = await visibleProfile(ctx.services.db, viewer, profile);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...presentFor(p, access), familyStatus: (await familyLabels(ctx.services.db, [p.id], viewer.language)).get(p.id) ?? null };
  };
  router.get('/users/:userId/profile', byUser);
  router.get('/profiles/user/:userId', byUser);

  router.get('/profiles/:userId/completion-status', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const profile = await liveProfileOfUser(ctx.services.db, user.id);
    if (!profile) throw notFound('No profile found. Create your profile first.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = completionStatus(profile);
  });

  router.post('/profiles/:profileId/completion/:stage', async (ctx) => {
    const profile = await ownedProfile(ctx, idParam(ctx.params.profileId));
    const stage = Number(ctx.params.stage);
    if (!Number.isInteger(stage) || stage < 1 || stage > 5) throw validationFailed('Stage must be 1 to 5', 'stage');
    const status = completionStatus(profile);
    if (status.currentStage !== null && stage > status.currentStage) {
      throw conflict('Please complete the current stage before moving to the next one.', { currentStage: status.currentStage });
    }
    const input = parse(stageSchemas[stage as CompletionStage], requestBody(ctx)) as Partial<Profile>;
    // With a birth time the stage is complete once the chart is computed, which needs a place the gazetteer knows.
    if (stage === 3 && hasBirthTime(input) && !chartFromBirthDetails({ ...profile, ...input })) {
      throw validationFailed(PROFILE_MESSAGES.birthPlaceUnknown, 'birthPlace');
    }
    const updated = await saveProfileChanges(ctx, profile, input);
    const meta = COMPLETION_STAGES[stage - 1];
    ctx.body = {
      message: `Stage ${stage} (${meta.name}) completed successfully!`,
      profile: presentOwn(updated),
      completion: completionStatus(updated),
    };
  });

  router.get('/profiles/:id', async (ctx) => {
    const viewer = currentUser(ctx);
    const answer = await profileAnswerFor(ctx.services, viewer, idParam(ctx.params.id), { recordView: true });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  router.patch('/profiles/:id', async (ctx) => {
    const profile = await ownedProfile(ctx, idParam(ctx.params.id));
    const raw = requestBody(ctx);
    // "bio" is the editor's name for "about": sent alone it is the about text; beside "about" it is the echo of a GET.
    const { bio, ...rest } = raw;
    if (bio !== undefined && rest.about === undefined) rest.about = bio;
    const { photoIds, ...changes } = parse(ignoringReadOnly(updateProfileSchema, PROFILE_READ_ONLY_FIELDS), rest);
    const updated = await saveProfileChanges(ctx, profile, changes as Partial<Profile>, photoIds);
    ctx.body = presentOwn(updated);
  });

  router.delete('/profiles/:id', async (ctx) => {
    const profile = await ownedProfile(ctx, idParam(ctx.params.id));
    await deleteOwnProfile(ctx.services.db, profile.id);
    ctx.body = { message: 'Profile Deleted' };
  });

  return router;
}
