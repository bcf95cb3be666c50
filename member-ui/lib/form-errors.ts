import type { z } from 'zod';
import { localizeMessage } from '../i18n/translate';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** First message per top-level field from a failed zod parse, in the app's language. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) {
      // The contracts' texts in the app's language (member-ui/i18n/translate.ts).
      errors[key as K] = localizeMessage(issue.message);
    }
  }
  return errors;
}
