import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import { applicationFormSchema, EXPERIENCE_LEVELS, MOTIVATION_MESSAGE } from '../../../contract/applications';
import { MOTIVATION_MAX, MOTIVATION_MIN } from '../../../contract/constants';
import { say } from '../../../contract/i18n';
import { Field } from '../../components/field';
import { errorMessage } from '../../lib/api-client';
import { contractResolver } from '../../lib/form';
import { useSubmitApplication } from './api';

const LEVEL_LABELS = { beginner: msg`Beginner`, intermediate: msg`Intermediate`, advanced: msg`Advanced` } as const;

type Draft = { motivation: string; experience_level: string; github_profile: string; portfolio_url: string };

/** Step 0: the application form of docs/product.md#validation-rules, validated by the same schema as the server. */
export function ApplicationForm() {
  const { t } = useLingui();
  const { register, handleSubmit, control, formState } = useForm({
    defaultValues: { motivation: '', experience_level: 'beginner', github_profile: '', portfolio_url: '' } as Draft,
    resolver: contractResolver(applicationFormSchema, (draft: Draft) => ({ ...draft, selected_project_id: null })),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const submit = useSubmitApplication();
  const length = useWatch({ control, name: 'motivation' }).trim().length;

  return (
    <form
      className="card stack"
      onSubmit={handleSubmit((form) => submit.mutate({ ...form, selected_project_id: null }))}
      noValidate
    >
      <h2>
        <Trans>Apply to the club</Trans>
      </h2>
      <p className="muted">
        <Trans>Tell the board why you want to join. Everything but your motivation is optional.</Trans>
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
      {submit.isError && (
        <p className="alert" role="alert">
          {errorMessage(submit.error, t`Failed to submit application`)}
        </p>
      )}
      <div>
        <button className="btn" type="submit" disabled={length < MOTIVATION_MIN || submit.isPending}>
          {submit.isPending ? t`Submitting...` : t`Submit Application`}
        </button>
      </div>
    </form>
  );
}
