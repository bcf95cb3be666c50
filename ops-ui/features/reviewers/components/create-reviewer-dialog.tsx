import { type FormEvent, useEffect, useState } from 'react';
import { createReviewerSchema } from '../../../../contracts/ops';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogFooter } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { describeApiError, isApiError } from '../../../lib/api-client';
import { useCreateReviewer } from '../api/reviewers';

type Field = 'username' | 'fullName' | 'email';
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY = { username: '', fullName: '', email: '', role: 'reviewer' as 'reviewer' | 'admin' };
const ROLE_OPTIONS = [
  { value: 'reviewer', label: 'Reviewer' },
  { value: 'admin', label: 'Admin (can manage reviewers)' },
] as const;

/** The server names the clashing field in a 409 (`{message, field}`); show the message on that field. */
function conflictField(error: unknown): Field | null {
  if (!isApiError(error) || error.status !== 409) return null;
  try {
    const field = (JSON.parse(error.bodyText) as { field?: unknown }).field;
    return field === 'username' || field === 'email' ? field : null;
  } catch {
    return null;
  }
}

export function CreateReviewerDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (message: string) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateReviewer();

  useEffect(() => {
    if (open) {
      setValues(EMPTY);
      setErrors({});
      create.reset();
    }
  }, [open, create.reset]);

  const serverField = conflictField(create.error);
  const serverMessage = create.isError ? describeApiError(create.error, 'Creating the account failed. Please try again.') : null;

  function set<K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createReviewerSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        onOpenChange(false);
        onCreated(`${parsed.data.fullName} was invited: an email to ${parsed.data.email} lets them choose their password (the link works for three days).`);
      },
    });
  }

  const errorFor = (field: Field) => errors[field] ?? (serverField === field ? (serverMessage ?? undefined) : undefined);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (create.isPending ? undefined : onOpenChange(next))}
      title="Add a reviewer"
      description="They get an email with a link to choose their own password, then turn on two-factor authentication at their first sign-in."
    >
      <form className="ops-dialog__form" onSubmit={handleSubmit} noValidate>
        <div className="ops-form-grid">
          <TextField label="Full name" value={values.fullName} error={errorFor('fullName')} onChange={(e) => set('fullName', e.currentTarget.value)} autoFocus />
          <TextField label="Username" value={values.username} error={errorFor('username')} autoComplete="off" onChange={(e) => set('username', e.currentTarget.value)} />
          <TextField label="Email" type="email" value={values.email} error={errorFor('email')} onChange={(e) => set('email', e.currentTarget.value)} />
          <SelectField label="Role" value={values.role} options={ROLE_OPTIONS} onValueChange={(role) => set('role', role)} />
        </div>
        {serverMessage && !serverField ? (
          <Alert tone="danger">
            <p>{serverMessage}</p>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
