import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, messageInputSchema } from '../../../contract/messages';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Modal } from '../../components/modal';
import { contractResolver, showServerErrors, useFocusFirstError } from '../../lib/form';
import { useSendMessage } from './api';
import { sentSentence } from './compose-form';

type Draft = { subject: string; body: string };

/**
 * A message to the people chosen in a list (users, applications: issue 28), by email and on their
 * tracker, as the Messages page sends one (decision 0116) with `audience.user_ids`.
 */
export function MessageSelectedDialog({
  userIds,
  onClose,
  onSent,
}: {
  userIds: number[];
  onClose: () => void;
  onSent: (sentence: string) => void;
}) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const send = useSendMessage();
  const toInput = (draft: Draft) => ({ audience: { user_ids: userIds }, ...draft });
  const { register, handleSubmit, setError, formState } = useForm({
    defaultValues: { subject: '', body: '' } as Draft,
    resolver: contractResolver(messageInputSchema, toInput),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const count = userIds.length;
  const onSubmit = handleSubmit(
    (input) =>
      send.mutate(input, {
        onSuccess: ({ recipients }) => onSent(i18n._(sentSentence(recipients))),
        onError: (error) => {
          if (showServerErrors(error, setError, { accept: (path) => path === 'subject' || path === 'body' })) {
            focusFirstError();
          }
        },
      }),
    () => focusFirstError(),
  );
  return (
    <Modal title={plural(count, { one: 'Message # person', other: 'Message # people' })} onClose={onClose}>
      <form ref={form} className="stack" noValidate onSubmit={onSubmit}>
        <ErrorBanner error={send.error} fallback={t`Failed to send the message`} />
        <p className="hint">
          <Trans>By email and on their tracker; banned users never receive a message.</Trans>
        </p>
        <Field id="selected-subject" label={t`Subject`} error={errors.subject?.message} required>
          {(control) => <input {...control} maxLength={MESSAGE_SUBJECT_MAX} {...register('subject')} />}
        </Field>
        <Field id="selected-body" label={t`Message`} error={errors.body?.message} required>
          {(control) => <textarea {...control} rows={8} maxLength={MESSAGE_BODY_MAX} {...register('body')} />}
        </Field>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn" disabled={send.isPending}>
            <Trans>Send</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
