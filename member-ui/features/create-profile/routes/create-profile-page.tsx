import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Check from 'lucide-react/icons/check';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadedPhotoView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { LIMITS } from '../../../../contracts/enums';
import { paths } from '../../../lib/paths';
import { useSessionUser } from '../../../lib/session';
import { useCreateProfile } from '../api/create-profile';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { type ProfileDraft, discardProfileDraft, fetchProfileDraft, profileDraftKey, saveProfileDraft } from '../api/draft';
import { deletePhoto, photoUploadMessage, uploadPhoto } from '../../../lib/photos';
import { oppositeGender } from '../../../components/profile/option-labels';
import { PhotoSlots, type SlotPhoto } from '../../../components/profile/photo-slots';
import { AstrologicalStep, BasicInformationStep, FamilyAndPreferencesStep, PersonalDetailsStep } from '../components/wizard-steps';
import {
  PARENT_FIELDS,
  WIZARD_STEP_COUNT,
  type WizardErrors,
  type WizardField,
  type WizardValues,
  buildCreatePayload,
  parentFieldErrors,
  stepOfField,
  validateAll,
  validateStep,
  withRelation,
  wizardValuesFromDraft,
} from '../components/wizard-values';
import { defaultIncomeCurrency } from '../../../../contracts/profile-basics';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/catalogue';

/** How long typing pauses before the draft is saved (a step change saves at once). */
const SAVE_DELAY_MS = 700;

/**
 * /create-profile: the five-step wizard. The draft lives on the server, so a reload, leaving the page or another
 * device resumes at the step the member left, with what they typed and the photos they uploaded.
 */
export function CreateProfilePage() {
  const user = useSessionUser();
  // Set while the profile is being created: the refreshed session then has a profileId, and this page must
  // not mistake its own new profile for an existing one.
  const submitted = useRef(false);
  const queryClient = useQueryClient();
  // A new generation after "start over" gives a fresh wizard.
  const [generation, setGeneration] = useState(0);
  const navigateOuter = useNavigate();
  const t = useT();
  const draft = useQuery({ queryKey: profileDraftKey, queryFn: fetchProfileDraft, enabled: user?.profileId == null, gcTime: 0 });
  if (!user) return null;
  // One profile per member: someone who has one edits it on /profile.
  if (user.profileId != null && !submitted.current) return <Navigate to={paths.profile} replace />;
  if (draft.isPending) return <FullPageSpinner label={t('wizard.loadingDraft')} />;
  // No draft could be read (a network failure): the wizard starts empty and saves as the member goes.
  const initial: ProfileDraft = draft.data ?? { step: 1, values: {}, photos: [], updatedAt: null };
  const restart = (fresh: ProfileDraft) => {
    queryClient.setQueryData(profileDraftKey, fresh);
    setGeneration((n) => n + 1);
    void navigateOuter({ to: '/create-profile', search: { step: 1 }, replace: true });
  };
  return <ProfileWizard key={generation} initial={initial} submitted={submitted} onRestart={restart} />;
}

interface ProfileWizardProps {
  initial: ProfileDraft;
  submitted: { current: boolean };
  onRestart: (fresh: ProfileDraft) => void;
}

function ProfileWizard({ initial, submitted, onRestart }: ProfileWizardProps) {
  const user = useSessionUser();
  const router = useRouter();
  // The step lives in the address (?step=N), so the phone's Back button goes to the previous step and a reload
  // stays on this one; without it the wizard opens where the draft was left.
  const search = useSearch({ strict: false }) as { step?: number };
  const navigate = useNavigate();
  const step = Math.min(Math.max(search.step ?? initial.step, 1), WIZARD_STEP_COUNT);
  // Opened without a step: the address takes the draft's, so Back from the next step returns to this one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => {
    if (search.step === undefined) void navigate({ to: '/create-profile', search: { step }, replace: true });
  }, []);
  const setStep = (next: number | ((current: number) => number)) => {
    const value = typeof next === 'function' ? next(step) : next;
    if (value !== step) void navigate({ to: '/create-profile', search: { step: value } });
  };
  const [values, setValues] = useState<WizardValues>(() => wizardValuesFromDraft(initial.values));
  const [errors, setErrors] = useState<WizardErrors>({});
  const [photos, setPhotos] = useState<UploadedPhotoView[]>(initial.photos);
  const [confirmingStartOver, setConfirmingStartOver] = useState(false);
  const [uploading, setUploading] = useState(false);
  const lookingForTouched = useRef(initial.values.lookingFor !== undefined && initial.values.lookingFor !== '');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const createProfile = useCreateProfile();
  const t = useT();

  // The latest state, for a save that runs later (timer, page being closed).
  const latest = useRef({ step, values, photos });
  latest.current = { step, values, photos };
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dirty = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs only; read when the save runs
  const saveNow = useCallback((keepalive = false) => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
    if (!dirty.current || submitted.current) return;
    dirty.current = false;
    const { step: s, values: v, photos: p } = latest.current;
    // A failed save is retried with the next change; the form itself keeps everything typed.
    saveProfileDraft({ step: s, values: v, photoIds: p.map((photo) => photo.id) }, { keepalive }).catch(() => {
      dirty.current = true;
    });
  }, []);
  const saveSoon = useCallback(() => {
    dirty.current = true;
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => saveNow(), SAVE_DELAY_MS);
  }, [saveNow]);

  // Leaving the screen (in the app, or closing the tab) saves what is pending.
  useEffect(() => {
    const onHide = () => saveNow(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      saveNow(true);
    };
  }, [saveNow]);

  // What the draft already holds is not saved again on opening; every later change is.
  const typedOnce = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the typed values is saved
  useEffect(() => {
    if (!typedOnce.current) {
      typedOnce.current = true;
      return;
    }
    saveSoon();
  }, [values, saveSoon]);
  const movedOnce = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step or photo list is saved at once
  useEffect(() => {
    if (!movedOnce.current) {
      movedOnce.current = true;
      return;
    }
    dirty.current = true;
    saveNow();
  }, [step, photos, saveNow]);

  const startOver = async () => {
    setConfirmingStartOver(false);
    if (saveTimer.current) clearTimeout(saveTimer.current);
    dirty.current = false;
    let fresh: ProfileDraft;
    try {
      fresh = await discardProfileDraft();
    } catch {
      toast({ title: t('wizard.startOverFailed'), description: t('common.checkConnection'), variant: 'destructive' });
      return;
    }
    toast({ title: t('wizard.startedOver'), description: t('wizard.startedOverText') });
    onRestart(fresh);
  };

  // Each new step starts at the top with its heading focused, so screen readers announce it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every step change by design
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo?.({ top: 0 });
    headingRef.current?.focus();
  }, [step]);

  if (!user) return null;

  const setField = (field: WizardField, value: WizardValues[WizardField]) => {
    const next = field === 'relation' || field === 'gender' ? withRelation(values, field, String(value)) : ({ ...values, [field]: value } as WizardValues);
    // The ranges differ by currency: a range chosen in another currency no longer says anything.
    if (field === 'incomeCurrency' && value !== values.incomeCurrency) next.income = '';
    // The income is most likely in the currency of the country the profile is in.
    if (field === 'country' && !values.incomeCurrency && typeof value === 'string' && value) next.incomeCurrency = defaultIncomeCurrency(value);
    if (field === 'lookingFor') lookingForTouched.current = true;
    if ((field === 'gender' || field === 'relation') && !lookingForTouched.current) next.lookingFor = oppositeGender(next.gender);
    // The parent making the profile is usually the account holder.
    if (next.profileType === 'parent' && values.profileType !== 'parent' && !next.parentName.trim()) next.parentName = user.fullName;
    setValues(next);
    setErrors((current) => {
      const updated = { ...current };
      if (field === 'relation' || field === 'profileType') {
        // Choosing parent makes the parent fields required at once; going back to self clears their errors.
        for (const parentField of PARENT_FIELDS) delete updated[parentField];
        return { ...updated, ...parentFieldErrors(next) };
      }
      if (!(field in current)) return current;
      // A field already marked is re-checked as the member types, so the message goes once it is fixed.
      const stepErrors = validateStep(stepOfField(field), next);
      if (stepErrors[field]) updated[field] = stepErrors[field];
      else delete updated[field];
      return updated;
    });
  };

  const goNext = () => {
    const stepErrors = validateStep(step, values);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length > 0) return;
    setStep((s) => Math.min(s + 1, WIZARD_STEP_COUNT));
  };

  const goBack = () => setStep((s) => Math.max(s - 1, 1));

  const addPhoto = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await uploadPhoto(file);
      setPhotos((current) => [...current, uploaded]);
    } catch (error) {
      toast({ title: t('photos.notAdded'), description: photoUploadMessage(error), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  const removePhoto = (photo: SlotPhoto) => {
    setPhotos((current) => current.filter((p) => p.id !== photo.id));
    // The upload is discarded on the server too; if that fails the draft still lists it, to remove later.
    deletePhoto(photo.id).catch(() => undefined);
  };

  const makeMain = (photo: SlotPhoto) =>
    setPhotos((current) => [...current.filter((p) => p.id === photo.id), ...current.filter((p) => p.id !== photo.id)]);

  const complete = () => {
    const payload = buildCreatePayload(values, photos, user.id);
    const allErrors = { ...validateAll(payload), ...parentFieldErrors(values) };
    const fields = Object.keys(allErrors);
    if (fields.length > 0) {
      setErrors(allErrors);
      setStep(Math.min(...fields.map(stepOfField)));
      return;
    }
    submitted.current = true;
    createProfile.mutate(payload, {
      onSuccess: () => {
        toast({ title: t('wizard.created'), description: t('wizard.createdText'), variant: 'success' });
        void router.navigate({ to: paths.home });
      },
      onError: (error) => {
        submitted.current = false;
        const field = isApiError(error) ? error.field : undefined;
        const message = isApiError(error) ? error.serverMessage : undefined;
        if (field && message && field in values) setErrors((current) => ({ ...current, [field]: message }));
        toast({
          title: t('wizard.createFailed'),
          description: message ?? t('editor.checkInput'),
          variant: 'destructive',
        });
      },
    });
  };

  const stepProps = { values, errors, setField };

  return (
    <section className="page wizard" aria-labelledby="page-title">
      <header className="wizard__header">
        {step > 1 ? (
          <button type="button" className="icon-button wizard__back" aria-label={t('wizard.back')} onClick={goBack}>
            <ArrowLeft size={22} aria-hidden="true" />
          </button>
        ) : null}
        <h1 id="page-title" className="page__title wizard__title">
          {t('wizard.title')}
        </h1>
      </header>
      <div className="wizard__progress">
        <Progress value={(step / WIZARD_STEP_COUNT) * 100} label={t('wizard.progress')} />
        <p className="wizard__step-count">
          {t('wizard.stepOf', { step, count: WIZARD_STEP_COUNT })}
        </p>
      </div>
      <Card className="wizard__card">
        <h2 ref={headingRef} tabIndex={-1} className="wizard__step-title">
          {t(`wizard.step${step}` as MessageId)}
        </h2>
        {step === 1 ? (
          <div className="form">
            <p className="wizard__hint">{t('photos.hint')}</p>
            <PhotoSlots photos={photos} uploading={uploading} onAdd={addPhoto} onRemove={removePhoto} onMakeMain={makeMain} />
            <p className="field__hint">{t('photos.formats', { count: LIMITS.photosPerProfile })}</p>
          </div>
        ) : null}
        {step === 2 ? <BasicInformationStep {...stepProps} fullName={user.fullName} /> : null}
        {step === 3 ? <PersonalDetailsStep {...stepProps} /> : null}
        {step === 4 ? <AstrologicalStep {...stepProps} /> : null}
        {step === 5 ? <FamilyAndPreferencesStep {...stepProps} /> : null}
      </Card>
      <div className="wizard__actions">
        {step === 1 ? (
          <Button block onClick={goNext} disabled={uploading}>
            {t('wizard.continue')}
            <ArrowRight size={18} aria-hidden="true" />
          </Button>
        ) : step < WIZARD_STEP_COUNT ? (
          <Button block onClick={goNext}>
            {t('wizard.next')}
            <ArrowRight size={18} aria-hidden="true" />
          </Button>
        ) : (
          <Button block onClick={complete} disabled={createProfile.isPending}>
            <Check size={18} aria-hidden="true" />
            {createProfile.isPending ? t('wizard.creating') : t('wizard.complete')}
          </Button>
        )}
      </div>
      <div className="wizard__start-over">
        {confirmingStartOver ? (
          <fieldset className="wizard__confirm">
            <legend className="visually-hidden">{t('wizard.startOver')}</legend>
            <p>{t('wizard.startOverQuestion')}</p>
            <div className="wizard__confirm-actions">
              <Button variant="outline" onClick={() => setConfirmingStartOver(false)}>
                {t('wizard.keepDraft')}
              </Button>
              <Button onClick={() => void startOver()}>
                {t('wizard.startOver')}
              </Button>
            </div>
          </fieldset>
        ) : (
          <>
            <p className="field__hint">{t('wizard.savedAsYouGo')}</p>
            <button type="button" className="text-button" onClick={() => setConfirmingStartOver(true)}>
              <RotateCcw size={14} aria-hidden="true" /> {t('wizard.startOver')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
