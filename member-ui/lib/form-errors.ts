import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** First message per top-level field from a failed zod parse. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) {
      errors[key as K] = issue.message;
    }
  }
  return errors;
}
