import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  set,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { readingDates } from './format';

/**
 * react-hook-form's resolver for a contract schema (docs/decisions/0113): the schema judges what
 * the form holds once `toInput` has put it in the API's shape (a number typed as text, a local
 * time), its first message per field lands under that field, and the submit handler receives the
 * parsed value the API takes. A typed date that `toInput` could not read (`31/02/2026 18:30`)
 * gets the format the field takes, not the schema's ISO 8601 message (decision 0125).
 */
export function contractResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toInput: (values: V) => unknown = (values) => values,
): Resolver<V, unknown, z.output<S>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return async (values, context, options) => {
    const { value: input, misread } = readingDates(() => toInput(values));
    const result = await resolve(input as FieldValues, context, options as never);
    // Refused even when the schema would take it (`2026-12-31T18:30Z` is ISO 8601): the field
    // says day/month/year, and what it cannot read is not sent.
    if (misread.size === 0) return result as Awaited<ReturnType<Resolver<V, unknown, z.output<S>>>>;
    const errors = { ...result.errors };
    for (const [path, format] of misread) set(errors, path, { type: 'format', message: format });
    return { values: {}, errors } as Awaited<ReturnType<Resolver<V, unknown, z.output<S>>>>;
  };
}

/**
 * Puts the server's field errors (the error shape's `details[].path`) under the fields they name,
 * the first message of each; `prefix` is an envelope around the form's own paths (`settings.`).
 * Answers whether any landed.
 */
export function showServerErrors<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  { prefix = '', accept = () => true }: { prefix?: string; accept?: (path: string) => boolean } = {},
): boolean {
  if (!(error instanceof ApiError) || !error.details?.length) return false;
  const seen = new Set<string>();
  for (const detail of error.details) {
    const path = detail.path.startsWith(prefix) ? detail.path.slice(prefix.length) : detail.path;
    if (!path || seen.has(path) || !accept(path)) continue;
    seen.add(path);
    setError(path as Path<V>, { type: 'server', message: detail.message });
  }
  return seen.size > 0;
}

/**
 * Focuses the first field, in reading order, that shows an error (or a list's error marked
 * `data-error-anchor`), once React has drawn the messages: call the answer after setting errors.
 * It waits for the render that shows them, which may come after the one its own call causes.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>): () => void {
  const pending = useRef(false);
  const [, redraw] = useState(0);
  useEffect(() => {
    if (!pending.current) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-anchor]');
    if (!first) return;
    pending.current = false;
    first.focus();
  });
  return () => {
    pending.current = true;
    redraw((count) => count + 1);
  };
}

/**
 * What a draft form sends for a valid draft: a new thing is created from the whole parsed value,
 * an existing one is updated with the fields the person touched (nothing is sent, and the form
 * closes, when none was).
 */
export type DraftRequest<P, R> = { create: (parsed: P) => R } | { update: (changes: Partial<P>) => R };

/** The mutation a draft form saves through (TanStack Query's `useMutation` answer fits). */
type DraftSave<R> = {
  mutate: (request: R, outcome: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  reset: () => void;
};

/**
 * A form that opens on a draft (a modal's add or edit) and sends what a contract schema takes:
 * judged by the schema on submit, the server's field errors under the fields of the draft, the
 * first error focused (`form` is the ref of the <form>), through the handler `submitDraft` makes.
 * An edit sends only the fields the person touched (`changed`), so that an untouched date keeps
 * its seconds and the audit names real changes.
 */
export function useDraftForm<D extends FieldValues, S extends z.ZodType>(
  schema: S,
  initial: D,
  toInput: (draft: D) => unknown,
) {
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const methods = useForm<D, unknown, z.output<S>>({
    defaultValues: initial as DefaultValues<D>,
    resolver: contractResolver(schema, toInput),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const onServerError = (error: Error) => {
    if (showServerErrors(error, methods.setError, { accept: (path) => path in initial })) focusFirstError();
  };
  const changed = (parsed: z.output<S>): Partial<z.output<S>> => {
    const draft = methods.getValues();
    const touched = Object.keys(initial).filter((key) => draft[key] !== initial[key]);
    return Object.fromEntries(touched.map((key) => [key, (parsed as Record<string, unknown>)[key]])) as Partial<
      z.output<S>
    >;
  };
  /**
   * The <form>'s submit handler: the previous failure cleared, the draft judged, the request of
   * `request` saved through `save`; `close` runs once saved (or when an edit changed nothing),
   * a refusal goes under its fields.
   */
  const submitDraft =
    <R>(save: DraftSave<R>, close: () => void, request: DraftRequest<z.output<S>, R>) =>
    (event: FormEvent<HTMLFormElement>) => {
      save.reset();
      return methods.handleSubmit(
        (parsed) => {
          const outcome = { onSuccess: close, onError: onServerError };
          if ('create' in request) return save.mutate(request.create(parsed), outcome);
          const changes = changed(parsed);
          if (Object.keys(changes).length === 0) return close();
          save.mutate(request.update(changes), outcome);
        },
        () => focusFirstError(),
      )(event);
    };
  return { ...methods, form, submitDraft };
}
