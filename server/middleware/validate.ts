import type { z } from 'zod';
import { validationFailed } from '../errors';

/** Parses with a contracts/ schema; the first issue becomes a 400 `{message, field}` with the spec's text. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path?.length ? issue.path.join('.') : undefined;
  const message = issue?.code === 'invalid_type' && issue.input === undefined && field
    ? issue.message === 'Invalid input' || issue.message.startsWith('Invalid input:') ? `${field} is required` : issue.message
    : issue?.message ?? 'Invalid input';
  throw validationFailed(message, field);
}

/** A positive integer id from a path parameter, or 404 (not 400: ids are opaque to members). */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,10}$/.test(value)) throw validationFailed('Invalid id', 'id');
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw validationFailed('Invalid id', 'id');
  return id;
}

/** The parsed request body when it is a JSON object or form, else an empty object (arrays and scalars included). */
export function requestBody(ctx: { request: unknown }): Record<string, unknown> {
  const raw = (ctx.request as { body?: unknown }).body;
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}
