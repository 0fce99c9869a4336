import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import {
  challengeFormSchema,
  DIFFICULTY_LEVELS,
  EXERCISE_NUMBERS,
  type Challenge,
  type ChallengeForm,
  type ChallengeFormInput,
  type DifficultyLevel,
  type SavedChallenge,
} from '../../../contract/challenges';
import { DEFAULT_VALIDATION_THRESHOLD, DEFAULT_XP_REWARD } from '../../../contract/constants';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Modal, ModalFormActions } from '../../components/modal';
import { contractResolver } from '../../lib/form';
import { useSaveChallenge } from './api';

type Draft = Record<string, string | boolean>;

/** A difficulty as the board reads it; the value sent stays the contract's. */
export const DIFFICULTY_NAMES: Record<DifficultyLevel, MessageDescriptor> = {
  beginner: msg`beginner`,
  intermediate: msg`intermediate`,
  advanced: msg`advanced`,
};

const TEXT_FIELDS = ['title', 'description', 'subject_pdf_url', 'tinkercad_class_code'] as const;

function draftOf(challenge: Challenge | null): Draft {
  const draft: Draft = {
    title: challenge?.title ?? '',
    description: challenge?.description ?? '',
    difficulty_level: challenge?.difficulty_level ?? 'beginner',
    grade: String(challenge?.grade ?? 0),
    subject_pdf_url: challenge?.subject_pdf_url ?? '',
    tinkercad_class_code: challenge?.tinkercad_class_code ?? '',
    validation_threshold: String(challenge?.validation_threshold ?? DEFAULT_VALIDATION_THRESHOLD),
    xp_reward: String(challenge?.xp_reward ?? DEFAULT_XP_REWARD),
    is_active: challenge?.is_active ?? true,
  };
  for (const n of EXERCISE_NUMBERS) {
    draft[`exercise_${n}_title`] = challenge?.[`exercise_${n}_title`] ?? '';
    draft[`exercise_${n}_description`] = challenge?.[`exercise_${n}_description`] ?? '';
  }
  return draft;
}

/**
 * Grade falls back to 0, threshold to 70, XP reward to 100 when not a number or out of range
 * (docs/product/data.md#validation-rules).
 */
function toForm(draft: Draft): ChallengeFormInput {
  const number = (value: string | boolean, fallback: number, min: number, max: number) => {
    const parsed = Number.parseInt(String(value), 10);
    return Number.isNaN(parsed) || parsed < min || parsed > max ? fallback : parsed;
  };
  const form: Record<string, unknown> = { ...draft };
  form.grade = Number.isNaN(Number.parseInt(String(draft.grade), 10)) ? 0 : Number.parseInt(String(draft.grade), 10);
  form.validation_threshold = number(draft.validation_threshold!, DEFAULT_VALIDATION_THRESHOLD, 0, 100);
  form.xp_reward = number(draft.xp_reward!, DEFAULT_XP_REWARD, 1, 1000);
  return form as ChallengeFormInput;
}

export function ChallengeFormModal({
  challenge,
  onClose,
  onSaved,
}: {
  challenge: Challenge | null;
  onClose: () => void;
  /** Once saved: the challenge as the server answered it, with how many candidates it just reached. */
  onSaved: (saved: SavedChallenge) => void;
}) {
  const { t } = useLingui();
  const { register, handleSubmit, getValues, formState } = useForm<Draft, unknown, ChallengeForm>({
    defaultValues: draftOf(challenge),
    resolver: contractResolver(challengeFormSchema, toForm),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const errors = formState.errors as Partial<Record<string, { message?: string }>>;
  const save = useSaveChallenge();

  // What was typed, with the fallbacks of docs/product/data.md#validation-rules, as the API takes it:
  // the schema's trimming is the server's to do.
  const onSubmit = handleSubmit(() =>
    save.mutate({ id: challenge?.id ?? null, form: toForm(getValues()) }, { onSuccess: onSaved }),
  );

  const input = (name: string, label: string, { required, ...props }: Record<string, unknown> = {}) => (
    <Field id={`challenge-${name}`} label={label} error={errors[name]?.message} required={!!required}>
      {(control) => <input {...control} {...register(name)} {...props} />}
    </Field>
  );

  return (
    <Modal title={challenge ? t`Edit challenge` : t`Add challenge`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <ErrorBanner error={save.error} fallback={t`Failed to save challenge`} />
        {input(TEXT_FIELDS[0], t`Title`, { required: true })}
        <Field id="challenge-description" label={t`Description`} error={errors.description?.message} required>
          {(control) => <textarea {...control} {...register('description')} />}
        </Field>
        <div className="form-columns">
          <Field id="challenge-difficulty_level" label={t`Difficulty`}>
            {(control) => (
              <select {...control} {...register('difficulty_level')}>
                {DIFFICULTY_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {t(DIFFICULTY_NAMES[level])}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {input('grade', t`Grade (0-100)`, { type: 'number', min: 0, max: 100, required: true })}
          {input('validation_threshold', t`Validation threshold (0-100)`, { type: 'number', min: 0, max: 100 })}
          {input('xp_reward', t`XP reward (1-1000)`, { type: 'number', min: 1, max: 1000 })}
        </div>
        {input('subject_pdf_url', t`Subject PDF URL`, { type: 'url', placeholder: 'https://' })}
        {input('tinkercad_class_code', t`Tinkercad class code`)}
        <fieldset className="exercise-fields">
          <legend>
            <Trans>Exercises (up to 4)</Trans>
          </legend>
          {EXERCISE_NUMBERS.map((n) => (
            <div key={n} className="form-columns">
              {input(`exercise_${n}_title`, t`Exercise ${n} title`)}
              {input(`exercise_${n}_description`, t`Exercise ${n} description`)}
            </div>
          ))}
        </fieldset>
        <label className="row checkbox">
          <input type="checkbox" {...register('is_active')} />
          <Trans>Active (assigned to newly approved candidates)</Trans>
        </label>
        <ModalFormActions onCancel={onClose} saving={save.isPending} />
      </form>
    </Modal>
  );
}
