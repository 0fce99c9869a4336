import { useState, type FormEvent } from 'react';
import {
  challengeFormSchema,
  DIFFICULTY_LEVELS,
  EXERCISE_NUMBERS,
  type Challenge,
  type ChallengeFormInput,
} from '../../../contract/challenges';
import { DEFAULT_VALIDATION_THRESHOLD, DEFAULT_XP_REWARD } from '../../../contract/constants';
import { ErrorBanner } from '../../components/error-banner';
import { Modal } from '../../components/modal';
import { useSaveChallenge } from './api';

type Draft = Record<string, string | boolean>;

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
 * (docs/product.md#validation-rules).
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

export function ChallengeFormModal({ challenge, onClose }: { challenge: Challenge | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(challenge));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveChallenge();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const form = toForm(draft);
    const parsed = challengeFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate({ id: challenge?.id ?? null, form }, { onSuccess: onClose });
  };

  const input = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`challenge-${name}`}>{label}</label>
      <input
        id={`challenge-${name}`}
        value={String(draft[name] ?? '')}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        {...props}
      />
      {errors[name] && <p className="error-text">{errors[name]}</p>}
    </div>
  );

  return (
    <Modal title={challenge ? 'Edit challenge' : 'Add challenge'} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <ErrorBanner error={save.error} fallback="Failed to save challenge" />
        {input(TEXT_FIELDS[0], 'Title', { required: true })}
        <div className="field">
          <label htmlFor="challenge-description">Description</label>
          <textarea
            id="challenge-description"
            value={String(draft.description)}
            aria-invalid={errors.description ? true : undefined}
            onChange={(event) => setDraft({ ...draft, description: event.target.value })}
            required
          />
          {errors.description && <p className="error-text">{errors.description}</p>}
        </div>
        <div className="form-columns">
          <div className="field">
            <label htmlFor="challenge-difficulty_level">Difficulty</label>
            <select
              id="challenge-difficulty_level"
              value={String(draft.difficulty_level)}
              onChange={(event) => setDraft({ ...draft, difficulty_level: event.target.value })}
            >
              {DIFFICULTY_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </div>
          {input('grade', 'Grade (0-100)', { type: 'number', min: 0, max: 100, required: true })}
          {input('validation_threshold', 'Validation threshold (0-100)', { type: 'number', min: 0, max: 100 })}
          {input('xp_reward', 'XP reward (1-1000)', { type: 'number', min: 1, max: 1000 })}
        </div>
        {input('subject_pdf_url', 'Subject PDF URL', { type: 'url', placeholder: 'https://' })}
        {input('tinkercad_class_code', 'Tinkercad class code')}
        <fieldset className="exercise-fields">
          <legend>Exercises (up to 4)</legend>
          {EXERCISE_NUMBERS.map((n) => (
            <div key={n} className="form-columns">
              {input(`exercise_${n}_title`, `Exercise ${n} title`)}
              {input(`exercise_${n}_description`, `Exercise ${n} description`)}
            </div>
          ))}
        </fieldset>
        <label className="row checkbox">
          <input
            type="checkbox"
            checked={Boolean(draft.is_active)}
            onChange={(event) => setDraft({ ...draft, is_active: event.target.checked })}
          />
          Active (assigned to newly approved candidates)
        </label>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
