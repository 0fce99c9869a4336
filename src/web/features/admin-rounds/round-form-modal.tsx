import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ROUND_NAME_MAX, roundBodySchema, type Round, type RoundUpdate } from '../../../contract/rounds';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Modal, ModalFormActions } from '../../components/modal';
import { useDraftForm } from '../../lib/form';
import { DatePicker } from '../../components/date-picker';
import { clubZone, DATE_TIME_HINT, DATE_TIME_INPUT, fromLocalInput, toLocalInput } from '../../lib/format';
import { useRoundChange } from './api';

type Draft = { name: string; opens_at: string; closes_at: string };

/**
 * A new round opens when it is saved unless the board gives an opening (the server reads an empty
 * one as its own "now", decision 0145), and stays open until closed.
 */
const draftOf = (round: Round | null): Draft => ({
  name: round?.name ?? '',
  opens_at: toLocalInput(round?.opens_at ?? null),
  closes_at: toLocalInput(round?.closes_at ?? null),
});

/** Opens a round (`round` null) or changes one: its name and dates, checked by the contract's schema. */
export function RoundFormModal({ round, onClose }: { round: Round | null; onClose: () => void }) {
  const { t } = useLingui();
  const [initial] = useState(() => draftOf(round));
  const { register, getValues, setValue, formState, form, submitDraft } = useDraftForm(
    roundBodySchema,
    initial,
    (draft) => ({
      ...draft,
      opens_at: fromLocalInput(draft.opens_at),
      closes_at: fromLocalInput(draft.closes_at),
    }),
  );
  const { errors } = formState;
  const save = useRoundChange();
  const onSubmit = submitDraft(
    save,
    onClose,
    round
      ? { update: (body: RoundUpdate) => ({ kind: 'update' as const, id: round.id, body }) }
      : { create: (body) => ({ kind: 'create' as const, body }) },
  );

  const dateField = (key: 'opens_at' | 'closes_at', label: string, hint: string) => (
    <Field id={`round-${key}`} label={label} hint={hint} hintFirst error={errors[key]?.message}>
      {(control) => (
        <DatePicker read={() => getValues(key)} onPick={(text) => setValue(key, text, { shouldDirty: true })}>
          <input {...control} {...register(key)} {...DATE_TIME_INPUT} />
        </DatePicker>
      )}
    </Field>
  );

  const name = round?.name;
  const format = t(DATE_TIME_HINT);
  const zone = clubZone();
  return (
    <Modal title={round ? t`Edit ${name}` : t`Open a round`} onClose={onClose}>
      <form ref={form} onSubmit={onSubmit} noValidate>
        <ErrorBanner error={save.error} fallback={t`Failed to save the round`} />
        <Field
          id="round-name"
          label={t`Name`}
          hint={t`For example: Spring 2027.`}
          error={errors.name?.message}
          required
        >
          {(control) => <input {...control} {...register('name')} maxLength={ROUND_NAME_MAX} />}
        </Field>
        <div className="form-columns">
          {dateField(
            'opens_at',
            t`Opens (optional)`,
            t`${format} Time zone: ${zone}. Leave empty to open it when you save.`,
          )}
          {dateField('closes_at', t`Closes (optional)`, t`${format} Leave empty to keep it open until you close it.`)}
        </div>
        <ModalFormActions onCancel={onClose} saving={save.isPending} />
      </form>
    </Modal>
  );
}
