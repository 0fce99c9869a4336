import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  messageInputSchema,
  type MessageInput,
} from '../../../contract/messages';
import { useConfirmation } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { useUndo } from '../../components/undo-toast';
import { Field } from '../../components/field';
import { contractResolver, showServerErrors, useFocusFirstError } from '../../lib/form';
import { useHackathonEvents } from '../admin-hackathon/api';
import { LoadError } from '../../components/load-error';
import { AudienceList, STEP_NAMES, stepName } from './audience-list';
import { useAudienceCount, useSendMessage, useUndoMessage } from './api';

type Draft = { audience: { step: string; past_deadline: string; event_id: string }; subject: string; body: string };
const EMPTY: Draft = { audience: { step: '', past_deadline: '', event_id: '' }, subject: '', body: '' };

/** A choice left at "any" is no criterion at all. */
const toInput = ({ audience, subject, body }: Draft) => ({
  audience: {
    step: audience.step === '' ? undefined : Number(audience.step),
    past_deadline: audience.past_deadline === '' ? undefined : audience.past_deadline === 'past',
    event_id: audience.event_id === '' ? undefined : Number(audience.event_id),
  },
  subject,
  body,
});

/** The outcome, said whole for each count. */
export const sentSentence = (count: number) =>
  msg`${plural(count, { one: 'Sent to # person', other: 'Sent to # people' })}`;

/** Said when an audience names nobody: the same words as the server's refusal. */
const NOBODY = msg`Nobody matches this audience: the message was not sent.`;

/**
 * The compose form of the Messages page (docs/decisions/0116): who receives it, the subject, the
 * Markdown body. Send asks first, naming the audience and how many it reaches now, and the message
 * can be taken back for a few seconds after, before any email leaves (decision 0145).
 */
export function ComposeForm() {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const [sent, setSent] = useState<number | null>(null);
  // A refusal that names the form's fields (an audience that names nobody) shows under them, not in the banner.
  const [onFields, setOnFields] = useState(false);
  const events = useHackathonEvents();
  const send = useSendMessage();
  const count = useAudienceCount();
  const takeBack = useUndoMessage();
  const confirmation = useConfirmation();
  const undo = useUndo();
  const eventName = (id: number) => events.data?.data.find((event) => event.id === id)?.name;
  const { register, handleSubmit, setError, reset, formState } = useForm({
    defaultValues: EMPTY,
    resolver: contractResolver(messageInputSchema, toInput),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  // The button was disabled while sending, which dropped the focus: it goes to the outcome.
  useEffect(() => {
    if (sent !== null) status.current?.focus();
  }, [sent]);

  const onServerError = (error: Error) => {
    const landed = showServerErrors(error, setError, { accept: (path) => path in EMPTY });
    setOnFields(landed);
    if (landed) focusFirstError();
  };

  const sendNow = (input: MessageInput) =>
    send.mutate(input, {
      onSuccess: ({ id, recipients }) => {
        reset(EMPTY);
        setSent(recipients);
        const subject = input.subject.trim();
        undo.offer({
          done: t`“${subject}” is sent; its emails leave in a few seconds.`,
          undo: () => takeBack.mutateAsync(id).then(() => setSent(null)),
          undone: t`“${subject}” is taken back: no email has left.`,
        });
      },
      onError: onServerError,
    });

  // The count comes from the server at the click: the audience as sending will count it.
  const onSubmit = handleSubmit(
    (input) => {
      setSent(null);
      setOnFields(false);
      count.mutate(input.audience, {
        onSuccess: ({ recipients }) => {
          if (recipients === 0) {
            setError('audience', { message: t(NOBODY) });
            setOnFields(true);
            focusFirstError();
            return;
          }
          const subject = input.subject;
          confirmation.ask({
            title: plural(recipients, {
              one: `Send “${subject}” to # person?`,
              other: `Send “${subject}” to # people?`,
            }),
            consequence: (
              <>
                <p>
                  <Trans>It goes to everyone who matches:</Trans>
                </p>
                <AudienceList audience={input.audience} eventName={eventName} />
                <p>
                  <Trans>
                    Each of them gets it in the app and by email. For a few seconds after sending you can still undo it:
                    no email leaves before.
                  </Trans>
                </p>
              </>
            ),
            confirmLabel: plural(recipients, { one: 'Send to # person', other: 'Send to # people' }),
            onConfirm: () => sendNow(input),
          });
        },
        onError: onServerError,
      });
    },
    () => focusFirstError(),
  );
  const busy = send.isPending || count.isPending;

  const audienceError = errors.audience?.message;
  return (
    <>
      {confirmation.dialog}
      <form
        ref={form}
        className="card stack compose-form"
        aria-labelledby="compose-title"
        noValidate
        onSubmit={(submitted) => {
          send.reset();
          count.reset();
          return onSubmit(submitted);
        }}
      >
        <h2 id="compose-title">
          <Trans>New message</Trans>
        </h2>
        <ErrorBanner error={onFields ? null : (send.error ?? count.error)} fallback={t`Failed to send the message`} />
        <fieldset
          className="exercise-fields compose-audience"
          aria-describedby={audienceError ? 'audience-error' : 'audience-hint'}
        >
          <legend>
            <Trans>Who receives it</Trans>
          </legend>
          <p className="hint" id="audience-hint">
            <Trans>Everyone who matches every choice made here; banned users never receive a message.</Trans>
          </p>
          <div className="form-columns">
            <Field id="audience-step" label={t`Step`}>
              {(control) => (
                <select {...control} {...register('audience.step')}>
                  <option value="">{t`Any step`}</option>
                  {[...STEP_NAMES.keys()].map((step) => (
                    <option key={step} value={step}>
                      {stepName(i18n, step)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id="audience-deadline" label={t`Challenge deadline`}>
              {(control) => (
                <select {...control} {...register('audience.past_deadline')}>
                  <option value="">{t`Any`}</option>
                  <option value="past">{t`Past the deadline`}</option>
                  <option value="not-past">{t`Not past the deadline`}</option>
                </select>
              )}
            </Field>
            <Field id="audience-event" label={t`Hackathon event`}>
              {(control) => (
                <select {...control} {...register('audience.event_id')}>
                  <option value="">{t`Any or none`}</option>
                  {events.data?.data.map((event) => (
                    <option key={event.id} value={event.id}>
                      {event.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          {events.error && (
            // Without the events the select would offer "Any or none" only, as if there were none.
            <LoadError
              error={events.error}
              fallback={t`Failed to load the hackathon events`}
              onRetry={events.refetch}
            />
          )}
          <p className="hint">
            <Trans>A deadline choice picks candidates working on their challenges only.</Trans>
          </p>
          {audienceError && (
            <p className="error-text" id="audience-error" tabIndex={-1} data-error-anchor>
              {audienceError}
            </p>
          )}
        </fieldset>
        <Field id="message-subject" label={t`Subject`} error={errors.subject?.message} required>
          {(control) => <input {...control} {...register('subject')} maxLength={MESSAGE_SUBJECT_MAX} />}
        </Field>
        <Field
          id="message-body"
          label={t`Message`}
          hint={t`Markdown works: **bold**, *italic*, [a link](https://example.org), lists.`}
          hintFirst
          error={errors.body?.message}
          required
        >
          {(control) => <textarea {...control} {...register('body')} maxLength={MESSAGE_BODY_MAX} />}
        </Field>
        <div className="row">
          <button type="submit" className="btn" disabled={busy}>
            {send.isPending ? t`Sending...` : t`Send`}
          </button>
          <p role="status" ref={status} tabIndex={-1} className="compose-status">
            {sent !== null && t(sentSentence(sent))}
          </p>
        </div>
      </form>
    </>
  );
}
