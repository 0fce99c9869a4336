import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import { applicationFormSchema, EXPERIENCE_LEVELS, MOTIVATION_MESSAGE } from '../../../contract/applications';
import { MOTIVATION_MAX, MOTIVATION_MIN } from '../../../contract/constants';
import { say } from '../../../contract/i18n';
import { Field } from '../../components/field';
import { errorMessage } from '../../lib/api-client';
import { contractResolver } from '../../lib/form';
import type { MyApplication } from '../../../contract/applications';
import { useEditApplication, useSubmitApplication } from './api';

const LEVEL_LABELS = { beginner: msg`Beginner`, intermediate: msg`Intermediate`, advanced: msg`Advanced` } as const;

type Draft = {
  motivation: string;
  experience_level: string;
  github_profile: string;
  portfolio_url: string;
  /** "I have read the privacy notice": required to apply, not asked again when editing. */
  privacy_accepted: boolean;
};

/**
 * Step 0: the application form of docs/product/data.md#validation-rules, validated by the same schema as
 * the server; with `editing`, the pending application's answers to change (Save changes, Cancel).
 */
export function ApplicationForm({ editing, onDone }: { editing?: MyApplication; onDone?: () => void } = {}) {
  const { t } = useLingui();
  const { register, handleSubmit, control, formState } = useForm({
    defaultValues: {
      motivation: editing?.motivation ?? '',
      experience_level: editing?.experience_level ?? 'beginner',
      github_profile: editing?.github_profile ?? '',
      portfolio_url: editing?.portfolio_url ?? '',
      privacy_accepted: false,
    } as Draft,
    // An unticked box is sent as false, which the schema refuses with its sentence; editing leaves it out.
    resolver: contractResolver(applicationFormSchema, ({ privacy_accepted, ...draft }: Draft) => ({
      ...draft,
      selected_project_id: null,
      ...(editing ? {} : { privacy_accepted }),
    })),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const create = useSubmitApplication();
  const change = useEditApplication();
  const submit = editing ? change : create;
  const length = useWatch({ control, name: 'motivation' }).trim().length;

  return (
    <form
      className="card stack"
      aria-labelledby="application-form-title"
      onSubmit={handleSubmit(({ privacy_accepted: _accepted, ...form }) => {
        const body = { ...form, selected_project_id: null };
        if (editing) change.mutate({ id: editing.id, form: body }, { onSuccess: onDone });
        else create.mutate({ ...body, privacy_accepted: true });
      })}
      noValidate
    >
      <h2 id="application-form-title">{editing ? t`Edit your application` : t`Apply to the club`}</h2>
      <p className="muted">
        {editing ? (
          <Trans>
            The board reads your application as you leave it. You can edit it until the board has reviewed it.
          </Trans>
        ) : (
          <Trans>Tell the board why you want to join. Everything but your motivation is optional.</Trans>
        )}
      </p>
      <Field id="application-motivation" label={t`Motivation`} error={errors.motivation?.message} required>
        {(control) => (
          <>
            <textarea {...control} {...register('motivation')} maxLength={MOTIVATION_MAX} rows={7} />
            <p className="hint" id="application-motivation-count" aria-live="polite">
              <Trans>
                {length}/{MOTIVATION_MAX} characters (minimum {MOTIVATION_MIN})
              </Trans>
            </p>
            {length > 0 && length < MOTIVATION_MIN && !errors.motivation && (
              <p className="hint">{say(MOTIVATION_MESSAGE)}</p>
            )}
          </>
        )}
      </Field>
      <Field id="application-experience_level" label={t`Experience level`} error={errors.experience_level?.message}>
        {(control) => (
          <select {...control} {...register('experience_level')}>
            {EXPERIENCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(LEVEL_LABELS[level])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="application-github_profile"
        label={t`GitHub profile (optional)`}
        error={errors.github_profile?.message}
      >
        {(control) => (
          <input
            {...control}
            {...register('github_profile')}
            type="url"
            inputMode="url"
            placeholder={t`https://github.com/your-login`}
          />
        )}
      </Field>
      <Field id="application-portfolio_url" label={t`Portfolio URL (optional)`} error={errors.portfolio_url?.message}>
        {(control) => (
          <input {...control} {...register('portfolio_url')} type="url" inputMode="url" placeholder="https://" />
        )}
      </Field>
      {!editing && (
        <div className="field application-privacy">
          <label className="row" htmlFor="application-privacy_accepted">
            <input
              id="application-privacy_accepted"
              type="checkbox"
              required
              {...(errors.privacy_accepted ? { 'aria-invalid': true } : {})}
              aria-describedby={
                errors.privacy_accepted
                  ? 'application-privacy_accepted-error application-privacy-link'
                  : 'application-privacy-link'
              }
              {...register('privacy_accepted')}
            />
            <span>
              <Trans>I have read the privacy notice</Trans>
            </span>
          </label>
          {/* A new tab: the form's answers live only in this page, and leaving it would lose them. */}
          <p className="hint" id="application-privacy-link">
            <a href="/privacy" target="_blank" rel="noopener noreferrer">
              <Trans>Read the privacy notice (opens in a new tab)</Trans>
            </a>
          </p>
          {errors.privacy_accepted && (
            <p className="error-text" id="application-privacy_accepted-error">
              {errors.privacy_accepted.message}
            </p>
          )}
        </div>
      )}
      {submit.isError && (
        <p className="alert" role="alert">
          {errorMessage(submit.error, editing ? t`Failed to save your changes` : t`Failed to submit application`)}
        </p>
      )}
      <div className="row">
        <button className="btn" type="submit" disabled={length < MOTIVATION_MIN || submit.isPending}>
          {editing
            ? submit.isPending
              ? t`Saving...`
              : t`Save changes`
            : submit.isPending
              ? t`Submitting...`
              : t`Submit Application`}
        </button>
        {editing && (
          <button className="btn btn-secondary" type="button" onClick={onDone} disabled={submit.isPending}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
