import { useState, type FormEvent } from 'react';
import {
  applicationFormSchema,
  EXPERIENCE_LEVELS,
  MOTIVATION_MESSAGE,
  type ApplicationForm as Form,
} from '../../../contract/applications';
import { MOTIVATION_MAX, MOTIVATION_MIN } from '../../../contract/constants';
import { errorMessage } from '../../lib/api-client';
import { useSubmitApplication } from './api';

const LEVEL_LABELS = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;

/** Step 0: the application form of docs/product.md#validation-rules, validated by the same schema as the server. */
export function ApplicationForm() {
  const [form, setForm] = useState<Required<Omit<Form, 'selected_project_id'>>>({
    motivation: '',
    experience_level: 'beginner',
    github_profile: '',
    portfolio_url: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmitApplication();
  const length = form.motivation.trim().length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = applicationFormSchema.safeParse({ ...form, selected_project_id: null });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    submit.mutate({ ...parsed.data, selected_project_id: null });
  };

  const field = (name: keyof typeof form) => ({
    id: `application-${name}`,
    name,
    value: form[name] ?? '',
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `application-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });
  const error = (name: string) =>
    errors[name] && (
      <p className="error-text" id={`application-${name}-error`}>
        {errors[name]}
      </p>
    );

  return (
    <form className="card stack" onSubmit={onSubmit} noValidate>
      <h2>Apply to the club</h2>
      <p className="muted">Tell the board why you want to join. Everything but your motivation is optional.</p>
      <div className="field">
        <label htmlFor="application-motivation">Motivation</label>
        <textarea {...field('motivation')} maxLength={MOTIVATION_MAX} required rows={7} />
        <p className="hint" id="application-motivation-count" aria-live="polite">
          {length}/{MOTIVATION_MAX} characters (minimum {MOTIVATION_MIN})
        </p>
        {length > 0 && length < MOTIVATION_MIN && !errors.motivation && <p className="hint">{MOTIVATION_MESSAGE}</p>}
        {error('motivation')}
      </div>
      <div className="field">
        <label htmlFor="application-experience_level">Experience level</label>
        <select {...field('experience_level')}>
          {EXPERIENCE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {LEVEL_LABELS[level]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="application-github_profile">GitHub profile (optional)</label>
        <input {...field('github_profile')} type="url" inputMode="url" placeholder="https://github.com/your-login" />
        {error('github_profile')}
      </div>
      <div className="field">
        <label htmlFor="application-portfolio_url">Portfolio URL (optional)</label>
        <input {...field('portfolio_url')} type="url" inputMode="url" placeholder="https://" />
        {error('portfolio_url')}
      </div>
      {submit.isError && (
        <p className="alert" role="alert">
          {errorMessage(submit.error, 'Failed to submit application')}
        </p>
      )}
      <div>
        <button className="btn" type="submit" disabled={length < MOTIVATION_MIN || submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </form>
  );
}
