import { type FormEvent, useMemo, useState } from 'react';
import { COMPLETION_STAGES, type CompletionStage, stageSchemas } from '../../../../contracts/profile';
import type { ProfileView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useSaveStage } from '../api/profile-mutations';
import { useT } from '../../../i18n/use-t';
import { stageDescription, stageName } from './stage-names';
import {
  type FormErrors,
  type FormValue,
  type FormValues,
  PARENT_FIELD_NAMES,
  ProfileField,
  type ProfileFieldName,
  apiValuesOf,
  formValuesOf,
  isFieldName,
  fieldsForProfileType,
  parentErrorsOf,
} from './profile-fields';

/** The fields a stage form shows: the server's list for the next stage, else the whole stage. */
function visibleFieldsOf(stage: CompletionStage, serverFields: string[] | null, values: FormValues): ProfileFieldName[] {
  const all = COMPLETION_STAGES[stage - 1].fields as readonly string[];
  const listed = (serverFields ?? all).filter(isFieldName);
  if (stage !== 1) return listed;
  // The candidate's name and the parent details follow the "Profile Created By" choice made in this form.
  const own = listed.filter((f) => f !== 'fullName' && !(PARENT_FIELD_NAMES as readonly string[]).includes(f));
  const at = own.indexOf('profileType') + 1;
  const conditional = fieldsForProfileType(['fullName', ...PARENT_FIELD_NAMES], values.profileType as string | undefined);
  return [...own.slice(0, at), ...conditional, ...own.slice(at)];
}

function validate(stage: CompletionStage, values: FormValues, fields: ProfileFieldName[]): FormErrors {
  const parsed = stageSchemas[stage].safeParse(apiValuesOf(values, fields, undefined));
  const errors: FormErrors = parsed.success ? {} : fieldErrorsOf<ProfileFieldName>(parsed.error);
  return stage === 1 ? { ...errors, ...parentErrorsOf(values) } : errors;
}

/** One completion stage: validates on change, saves with POST …/completion/{stage}. */
export function StageForm({
  profile,
  stage,
  serverFields,
  onDone,
}: {
  profile: ProfileView;
  stage: CompletionStage;
  serverFields: string[] | null;
  onDone: () => void;
}) {
  const meta = COMPLETION_STAGES[stage - 1];
  const allFields = useMemo(
    () => [...new Set([...(meta.fields as readonly string[]), ...(serverFields ?? [])])].filter(isFieldName),
    [meta, serverFields],
  );
  const [values, setValues] = useState<FormValues>(() => formValuesOf(profile, allFields));
  const [touched, setTouched] = useState<Set<ProfileFieldName>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const saveStage = useSaveStage(profile.id);
  const t = useT();

  const fields = visibleFieldsOf(stage, serverFields, values);
  const allErrors = validate(stage, values, fields);
  const errors: FormErrors = {};
  for (const field of fields) if ((submitted || touched.has(field)) && allErrors[field]) errors[field] = allErrors[field];

  const change = (field: ProfileFieldName, value: FormValue) => {
    // The ranges differ by currency: a range chosen in another currency no longer says anything.
    setValues((current) => ({ ...current, [field]: value, ...(field === 'incomeCurrency' && value !== current.incomeCurrency ? { income: '' } : {}) }));
    setTouched((current) => {
      const next = new Set(current).add(field);
      // Choosing parent makes the parent fields required at once (their errors show immediately).
      if (field === 'profileType' && value === 'parent') for (const f of PARENT_FIELD_NAMES) next.add(f);
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(allErrors).some((f) => fields.includes(f as ProfileFieldName))) return;
    saveStage.mutate(
      { stage, fields: apiValuesOf(values, fields, undefined) },
      {
        onSuccess: (result) => {
          toast({ title: t('editor.saved'), description: result.message, variant: 'success' });
          onDone();
        },
        onError: (error) => {
          toast({
            title: t('editor.stageFailed'),
            description: (isApiError(error) ? error.serverMessage : undefined) ?? t('editor.stageFailedText'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Card className="stage-form">
      <p className="stage-form__eyebrow">{t('editor.stageOf', { stage, count: COMPLETION_STAGES.length })}</p>
      <h2 className="card__title">{stageName(stage)}</h2>
      <p className="card__text">{stageDescription(stage)}</p>
      <form className="form" onSubmit={submit} noValidate aria-label={stageName(stage)}>
        {fields.map((field) => (
          <ProfileField key={field} field={field} value={values[field]} values={values} error={errors[field]} onChange={change} />
        ))}
        <div className="edit-actions">
          <Button type="button" variant="outline" onClick={onDone} disabled={saveStage.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={saveStage.isPending}>
            {saveStage.isPending ? t('editor.saving') : t('editor.saveStage')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
