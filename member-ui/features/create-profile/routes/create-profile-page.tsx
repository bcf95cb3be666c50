import { Navigate, useRouter } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { UploadedPhotoView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSessionUser } from '../../../lib/session';
import { useCreateProfile } from '../api/create-profile';
import { PHOTO_UPLOAD_FAILED, deletePhoto, uploadPhoto } from '../api/photos';
import { oppositeGender } from '../components/option-labels';
import { PhotoSlots, type SlotPhoto } from '../components/photo-slots';
import { AstrologicalStep, BasicInformationStep, PartnerPreferencesStep, ProfessionalStep } from '../components/wizard-steps';
import {
  EMPTY_WIZARD_VALUES,
  PARENT_FIELDS,
  WIZARD_STEPS,
  WIZARD_STEP_COUNT,
  type WizardErrors,
  type WizardField,
  type WizardValues,
  buildCreatePayload,
  parentFieldErrors,
  stepOfField,
  validateAll,
  validateStep,
} from '../components/wizard-values';

/** /create-profile: the five-step wizard (spec part 1 §2, §4, §5). */
export function CreateProfilePage() {
  const user = useSessionUser();
  const router = useRouter();
  const [step, setStep] = useState(1);
  const [values, setValues] = useState<WizardValues>(EMPTY_WIZARD_VALUES);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [photos, setPhotos] = useState<UploadedPhotoView[]>([]);
  const [uploading, setUploading] = useState(false);
  const lookingForTouched = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // Set while the profile is being created: the refreshed session then has a profileId, and this page must
  // not mistake its own new profile for an existing one.
  const submitted = useRef(false);
  const createProfile = useCreateProfile();

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
  // One profile per member: someone who has one edits it on /profile.
  if (user.profileId != null && !submitted.current) return <Navigate to={paths.profile} replace />;

  const setField = (field: WizardField, value: WizardValues[WizardField]) => {
    const next = { ...values, [field]: value } as WizardValues;
    if (field === 'lookingFor') lookingForTouched.current = true;
    if (field === 'gender' && !lookingForTouched.current) next.lookingFor = oppositeGender(String(value));
    setValues(next);
    setErrors((current) => {
      const updated = { ...current };
      if (field === 'profileType') {
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
    } catch {
      window.alert(PHOTO_UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  };

  const removePhoto = (photo: SlotPhoto) => {
    setPhotos((current) => current.filter((p) => p.id !== photo.id));
    // The pending upload is discarded on the server too; if that fails it expires on its own.
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
        toast({ title: 'Profile Created', description: 'Your profile has been successfully created', variant: 'success' });
        void router.navigate({ to: paths.home });
      },
      onError: (error) => {
        submitted.current = false;
        const field = isApiError(error) ? error.field : undefined;
        const message = isApiError(error) ? error.serverMessage : undefined;
        if (field && message && field in values) setErrors((current) => ({ ...current, [field]: message }));
        toast({
          title: 'Profile Creation Failed',
          description: message ?? 'Please check your input and try again',
          variant: 'destructive',
        });
      },
    });
  };

  const current = WIZARD_STEPS[step - 1];
  const stepProps = { values, errors, setField };

  return (
    <section className="page wizard" aria-labelledby="page-title">
      <header className="wizard__header">
        {step > 1 ? (
          <button type="button" className="icon-button wizard__back" aria-label="Back" onClick={goBack}>
            <ArrowLeft size={22} aria-hidden="true" />
          </button>
        ) : null}
        <h1 id="page-title" className="page__title wizard__title">
          Create Your Profile
        </h1>
      </header>
      <div className="wizard__progress">
        <Progress value={(step / WIZARD_STEP_COUNT) * 100} label="Profile progress" />
        <p className="wizard__step-count">
          Step {step} of {WIZARD_STEP_COUNT}
        </p>
      </div>
      <Card className="wizard__card">
        <h2 ref={headingRef} tabIndex={-1} className="wizard__step-title">
          {current.title}
        </h2>
        {step === 1 ? (
          <div className="form">
            <p className="wizard__hint">Upload clear, recent photos. Your main photo will be visible to all users.</p>
            <PhotoSlots photos={photos} uploading={uploading} onAdd={addPhoto} onRemove={removePhoto} onMakeMain={makeMain} />
            <p className="field__hint">JPEG, PNG or GIF, up to 3 photos. Tap the star to make a photo your main one.</p>
          </div>
        ) : null}
        {step === 2 ? <BasicInformationStep {...stepProps} fullName={user.fullName} /> : null}
        {step === 3 ? <ProfessionalStep {...stepProps} /> : null}
        {step === 4 ? <AstrologicalStep {...stepProps} /> : null}
        {step === 5 ? <PartnerPreferencesStep {...stepProps} /> : null}
      </Card>
      <div className="wizard__actions">
        {step === 1 ? (
          <Button block onClick={goNext} disabled={uploading}>
            Continue to Next Step
            <ArrowRight size={18} aria-hidden="true" />
          </Button>
        ) : step < WIZARD_STEP_COUNT ? (
          <Button block onClick={goNext}>
            Next
            <ArrowRight size={18} aria-hidden="true" />
          </Button>
        ) : (
          <Button block onClick={complete} disabled={createProfile.isPending}>
            <Check size={18} aria-hidden="true" />
            {createProfile.isPending ? 'Creating Profile...' : 'Complete Profile'}
          </Button>
        )}
      </div>
    </section>
  );
}
