import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Save from 'lucide-react/icons/save';
import { type FormEvent, useState } from 'react';
import { COMPLETION_STAGES, updateProfileSchema } from '../../../../contracts/profile';
import type { ProfileView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/profile-mutations';
import { useT } from '../../../i18n/use-t';
import { stageName } from './stage-names';
import { ComputedAstro, isComputedAstro } from './computed-astro';
import {
  type FormErrors,
  type FormValue,
  type FormValues,
  PARENT_FIELD_NAMES,
  fieldsForProfileType,
  ProfileField,
  type ProfileFieldName,
  apiValuesOf,
  formValuesOf,
  parentErrorsOf,
} from './profile-fields';

/** The editor's five steps are the completion stages, with every field of each (the one field-to-stage table). */
export const EDITOR_STEPS: ReadonlyArray<{ stage: number; fields: readonly ProfileFieldName[] }> = COMPLETION_STAGES.map((stage) => ({
  stage: stage.stage,
  fields: stage.fields,
}));

const ALL_FIELDS = EDITOR_STEPS.flatMap((s) => s.fields);
/** Required once set: sending them empty would fail, so an empty input leaves the stored value alone. */
const KEEP_WHEN_EMPTY: readonly ProfileFieldName[] = ['gender', 'dateOfBirth', 'profileType'];

/** Every field as the API takes it: empty optional ones cleared, parent fields null unless parent (what is validated). */
function allValues(values: FormValues): Record<string, unknown> {
  const body = apiValuesOf(values, ALL_FIELDS, null);
  for (const field of KEEP_WHEN_EMPTY) if (body[field] === null) delete body[field];
  if (values.profileType !== 'parent') for (const field of PARENT_FIELD_NAMES) body[field] = null;
  return body;
}

/**
 * PATCH body: only the fields the member changed since the editor opened (or last saved). A field left alone is not
 * sent, so the save cannot overwrite what another card or a family member changed meanwhile. The server clears
 * the parent fields itself when the profile stops being a parent's.
 */
export function editorPayload(values: FormValues, opened: FormValues): Record<string, unknown> {
  const now = allValues(values);
  const before = allValues(opened);
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(now)) if (JSON.stringify(value) !== JSON.stringify(before[field])) body[field] = value;
  return body;
}

function validate(values: FormValues): FormErrors {
  const parsed = updateProfileSchema.safeParse(allValues(values));
  const errors: FormErrors = parsed.success ? {} : fieldErrorsOf<ProfileFieldName>(parsed.error);
  return { ...errors, ...parentErrorsOf(values) };
}

const stepOf = (field: string) => EDITOR_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field));

/**
 * The multi-step editor: steps 1–5 over every field, saved with PATCH /api/profiles/{id}. A helper with edit permission
 * opens it on the candidate's profile (`actingFor`: its id), and the save acts for the candidate.
 */
export function ProfileEditor({ profile, actingFor = null }: { profile: ProfileView; actingFor?: number | null }) {
  const [step, setStep] = useState(0);
  const [opened, setOpened] = useState<FormValues>(() => formValuesOf(profile, ALL_FIELDS));
  const [values, setValues] = useState<FormValues>(opened);
  const [errors, setErrors] = useState<FormErrors>({});
  const update = useUpdateProfile(profile.id, actingFor);
  const t = useT();

  const current = EDITOR_STEPS[step];
  const fields = fieldsForProfileType(current.fields, values.profileType as string | undefined);

  const change = (field: ProfileFieldName, value: FormValue) => {
    const next = { ...values, [field]: value };
    // The ranges differ by currency: a range chosen in another currency no longer says anything.
    if (field === 'incomeCurrency' && value !== values.incomeCurrency) next.income = '';
    setValues(next);
    setErrors((currentErrors) => {
      const all = validate(next);
      const updated: FormErrors = {};
      // Messages already shown follow the input; choosing parent shows the parent fields' at once.
      for (const f of Object.keys(currentErrors) as ProfileFieldName[]) if (all[f]) updated[f] = all[f];
      if (field === 'profileType') Object.assign(updated, parentErrorsOf(next));
      return updated;
    });
  };

  const stepErrors = (index: number, all: FormErrors) => {
    const out: FormErrors = {};
    for (const f of EDITOR_STEPS[index].fields) if (all[f]) out[f] = all[f];
    return out;
  };

  const goTo = (index: number) => {
    if (index > step) {
      const blocking = stepErrors(step, validate(values));
      if (Object.keys(blocking).length > 0) {
        setErrors(blocking);
        return;
      }
    }
    setStep(index);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const all = validate(values);
    const failing = Object.keys(all);
    if (failing.length > 0) {
      setErrors(all);
      setStep(Math.min(...failing.map(stepOf).filter((i) => i >= 0)));
      return;
    }
    const body = editorPayload(values, opened);
    if (Object.keys(body).length === 0) {
      toast({ title: t('editor.nothingToSave'), description: t('editor.nothingToSaveText') });
      return;
    }
    const saved = values;
    update.mutate(body, {
      onSuccess: () => {
        setOpened(saved);
        const description = actingFor ? t('editor.savedForThem') : t('editor.savedText');
        toast({ title: t('editor.saved'), description, variant: 'success' });
      },
      onError: (error) => {
        const field = isApiError(error) ? error.field : undefined;
        const message = isApiError(error) ? error.serverMessage : undefined;
        if (field && message && stepOf(field) >= 0) {
          setErrors({ [field]: message });
          setStep(stepOf(field));
        }
        toast({ title: t('editor.saveFailed'), description: t('editor.checkInput'), variant: 'destructive' });
      },
    });
  };

  return (
    <Card className="profile-editor">
      <h2 className="card__title">{t('editor.title')}</h2>
      <ol className="editor-steps" aria-label={t('editor.steps')}>
        {EDITOR_STEPS.map((s, index) => (
          <li key={s.stage}>
            <button
              type="button"
              className={cn('editor-steps__item', index === step && 'editor-steps__item--current')}
              aria-current={index === step ? 'step' : undefined}
              aria-label={t('editor.stepLabel', { step: index + 1, name: stageName(s.stage) })}
              onClick={() => goTo(index)}
            >
              {index + 1}
            </button>
          </li>
        ))}
      </ol>
      <p className="editor-steps__caption">
        {t('editor.stepOf', { step: step + 1, count: EDITOR_STEPS.length })} <strong>{stageName(current.stage)}</strong>
      </p>
      <form className="form" onSubmit={save} noValidate aria-label={t('editor.formLabel')}>
        {fields.map((field) =>
          isComputedAstro(profile, field) ? (
            field === 'zodiacSign' ? <ComputedAstro key="computed-astro" profile={profile} /> : null
          ) : (
            <ProfileField key={field} field={field} value={values[field]} values={values} error={errors[field]} onChange={change} />
          ),
        )}
        <div className="edit-actions">
          <Button type="button" variant="outline" onClick={() => goTo(step - 1)} disabled={step === 0}>
            <ArrowLeft size={16} aria-hidden="true" />
            {t('editor.previous')}
          </Button>
          {step < EDITOR_STEPS.length - 1 ? (
            <Button type="button" variant="secondary" onClick={() => goTo(step + 1)}>
              {t('wizard.next')}
              <ArrowRight size={16} aria-hidden="true" />
            </Button>
          ) : null}
        </div>
        <Button type="submit" block disabled={update.isPending}>
          <Save size={18} aria-hidden="true" />
          {update.isPending ? t('editor.saving') : t('editor.save')}
        </Button>
      </form>
    </Card>
  );
}
