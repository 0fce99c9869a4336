import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  WEBHOOK_URL_MAX,
  webhookInputSchema,
  type CreatedWebhook,
  type WebhookFormat,
} from '../../../contract/webhooks';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { contractResolver, showServerErrors, useFocusFirstError } from '../../lib/form';
import { useCreateWebhook } from './api';

/** What each event means to the board. */
export const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], MessageDescriptor> = {
  'application.created': msg`A candidate applies`,
  'challenge.submitted': msg`A challenge is submitted for review`,
  'hackathon.registered': msg`A candidate registers for a hackathon`,
  'hackathon.results': msg`The results of a hackathon are published`,
  'application.decided': msg`The board decides on an application`,
};

export const FORMAT_LABELS: Record<WebhookFormat, MessageDescriptor> = {
  json: msg`JSON (for a bot or a service)`,
  discord: msg`Discord (a channel webhook)`,
};

type Draft = { url: string; events: string[]; format: WebhookFormat };
const EMPTY: Draft = { url: '', events: [], format: 'json' };

/** The secret of the webhook just created, shown this once, ready to copy. */
function SecretPanel({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const { t } = useLingui();
  const { url } = created;
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  return (
    <div className="alert alert-success stack webhook-secret">
      <p>
        <Trans>The webhook to {url} was created.</Trans>
      </p>
      <Field
        id="webhook-secret"
        label={t`Signing secret`}
        hint={t`Copy it now and keep it with the receiver: it will not be shown again.`}
        hintFirst
      >
        {(control) => (
          <input {...control} ref={field} readOnly value={created.secret} onFocus={(e) => e.currentTarget.select()} />
        )}
      </Field>
      <div className="row">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => navigator.clipboard.writeText(created.secret).then(() => setCopied(true))}
        >
          <Trans>Copy the secret</Trans>
        </button>
        <button type="button" className="btn btn-small" onClick={onDone}>
          <Trans>Done</Trans>
        </button>
        <span role="status">{copied && t`The secret is copied.`}</span>
      </div>
    </div>
  );
}

/** Adds a webhook (docs/decisions/0114): its address, the events it hears, its format. */
export function WebhookForm() {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [back, setBack] = useState(false);
  const create = useCreateWebhook();
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm({
    defaultValues: EMPTY,
    resolver: contractResolver(webhookInputSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  // Back from the secret, the focus goes where the next webhook starts.
  useEffect(() => {
    if (back && !created) setFocus('url');
  }, [back, created, setFocus]);

  const onSubmit = handleSubmit(
    (input) =>
      create.mutate(input, {
        onSuccess: (webhook) => {
          reset(EMPTY);
          setCreated(webhook);
        },
        onError: (error) => {
          if (showServerErrors(error, setError, { accept: (path) => path in EMPTY })) focusFirstError();
        },
      }),
    () => focusFirstError(),
  );

  if (created)
    return (
      <SecretPanel
        created={created}
        onDone={() => {
          setCreated(null);
          setBack(true);
        }}
      />
    );
  return (
    <form
      ref={form}
      className="card stack webhook-form"
      aria-labelledby="webhook-form-title"
      noValidate
      onSubmit={(submitted) => {
        create.reset();
        return onSubmit(submitted);
      }}
    >
      <h2 id="webhook-form-title">
        <Trans>Add a webhook</Trans>
      </h2>
      <ErrorBanner error={create.error} fallback={t`Failed to add the webhook`} />
      <Field
        id="webhook-url"
        label={t`Address`}
        hint={t`An https:// address, such as a Discord channel's webhook.`}
        hintFirst
        error={errors.url?.message}
        required
      >
        {(control) => <input {...control} {...register('url')} type="url" maxLength={WEBHOOK_URL_MAX} />}
      </Field>
      <fieldset className="exercise-fields" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend>
          <Trans context="webhook">Events</Trans>
        </legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="row checkbox">
            <input type="checkbox" value={event} {...register('events')} />
            <span>{i18n._(EVENT_LABELS[event])}</span>
          </label>
        ))}
        {errors.events?.message && (
          <p className="error-text" id="webhook-events-error" tabIndex={-1} data-error-anchor>
            {errors.events.message}
          </p>
        )}
      </fieldset>
      <Field id="webhook-format" label={t`Format`}>
        {(control) => (
          <select {...control} {...register('format')}>
            {WEBHOOK_FORMATS.map((format) => (
              <option key={format} value={format}>
                {i18n._(FORMAT_LABELS[format])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="row">
        <button type="submit" className="btn" disabled={create.isPending}>
          {create.isPending ? t`Adding...` : t`Add webhook`}
        </button>
      </div>
    </form>
  );
}
