import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  MAIL_TEMPLATE_BODY_MAX,
  MAIL_TEMPLATE_SUBJECT_MAX,
  mailTemplateInputSchema,
  type MailTemplate,
} from '../../../contract/mail-templates';
import { useConfirmation } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { UnsavedChangesGuard } from '../../components/unsaved-changes';
import { formatDateTime } from '../../lib/format';
import { contractResolver, showServerErrors, useFocusFirstError } from '../../lib/form';
import { useRestoreMailTemplate, useSaveMailTemplate } from './api';
import { MailPreview } from './mail-preview';

type Draft = { subject: string; body: string };

export const EDITOR_TITLE_ID = 'mail-editor-title';
type FieldName = keyof Draft;

const OUTCOMES = {
  saved: 'Saved. Every email of this kind is now written in these words.',
  restored: 'The default wording is back.',
  discarded: 'Your changes were discarded.',
} as const;

/** Who wrote the wording in force, in a sentence. */
export function wordingOf(template: MailTemplate): string {
  if (template.is_default) return 'The club’s default wording.';
  const when = template.updated_at ? formatDateTime(template.updated_at) : '';
  return template.updated_by
    ? `The board’s wording, saved by @${template.updated_by} on ${when}.`
    : `The board’s wording, saved on ${when}.`;
}

/**
 * One template being edited (docs/decisions/0120-mail-templates.md): subject and Markdown body,
 * the placeholders it knows (a button inserts one where the cursor was), the live preview,
 * Save and "Restore default". The server's refusals show under the field they name.
 */
export function TemplateEditor({ template }: { template: MailTemplate }) {
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const lastField = useRef<FieldName>('body');
  const [outcome, setOutcome] = useState<keyof typeof OUTCOMES | null>(null);
  const [onFields, setOnFields] = useState(false);
  const save = useSaveMailTemplate();
  const restore = useRestoreMailTemplate();
  const confirmation = useConfirmation();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, setValue, reset, control, formState } = useForm<Draft>({
    defaultValues: { subject: template.subject, body: template.body },
    resolver: contractResolver(mailTemplateInputSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isDirty } = formState;
  const [subject, body] = useWatch({ control, name: ['subject', 'body'] });
  const draft = useMemo(() => ({ subject, body }), [subject, body]);
  // A button that did it may be gone or disabled: the focus goes to the sentence that says what happened.
  useEffect(() => {
    if (outcome) status.current?.focus();
  }, [outcome]);

  const fieldId = (name: FieldName) => `template-${name}`;
  const track = (name: FieldName) => ({ ...register(name), onFocus: () => (lastField.current = name) });

  /** Writes `{{name}}` where the cursor was in the field last used, and puts the cursor after it. */
  const insert = (name: string) => {
    const field = lastField.current;
    const control = document.getElementById(fieldId(field)) as HTMLInputElement | HTMLTextAreaElement | null;
    if (!control) return;
    const token = `{{${name}}}`;
    const start = control.selectionStart ?? control.value.length;
    const end = control.selectionEnd ?? start;
    setValue(field, `${control.value.slice(0, start)}${token}${control.value.slice(end)}`, { shouldDirty: true });
    control.focus();
    control.setSelectionRange(start + token.length, start + token.length);
  };

  const onSubmit = handleSubmit(
    (input) => {
      setOutcome(null);
      setOnFields(false);
      save.mutate(
        { key: template.key, ...input },
        {
          onSuccess: (saved) => {
            reset({ subject: saved.subject, body: saved.body });
            setOutcome('saved');
          },
          onError: (error) => {
            const landed = showServerErrors(error, setError, {
              accept: (path) => path === 'subject' || path === 'body',
            });
            setOnFields(landed);
            if (landed) focusFirstError();
          },
        },
      );
    },
    () => focusFirstError(),
  );

  const onRestore = () =>
    confirmation.ask({
      title: `Restore the default wording of “${template.title}”?`,
      consequence: template.is_default ? (
        <p>Your unsaved changes are discarded; this email keeps the club’s default wording.</p>
      ) : (
        <p>
          The board’s wording of this email is replaced by the club’s default, and every email of this kind written from
          now on uses it. Unsaved changes are discarded too.
        </p>
      ),
      confirmLabel: 'Restore default',
      danger: true,
      onConfirm: () => {
        setOutcome(null);
        if (template.is_default) {
          reset({ subject: template.subject, body: template.body });
          setOutcome('discarded');
          return;
        }
        restore.mutate(template.key, {
          onSuccess: (restored) => {
            reset({ subject: restored.subject, body: restored.body });
            setOutcome('restored');
          },
        });
      },
    });

  /** Back to the list, where the focus returns to this template's link; a draft is not dropped unasked. */
  const back = { pathname: '/admin/emails', state: { from: template.key } };
  const onBack = (event: MouseEvent) => {
    if (!isDirty) return;
    event.preventDefault();
    confirmation.ask({
      title: 'Leave without saving?',
      consequence: <p>{`Your changes to “${template.title}” are not saved, and leaving drops them.`}</p>,
      confirmLabel: 'Leave without saving',
      danger: true,
      onConfirm: () => void navigate(back.pathname, { state: back.state }),
    });
  };

  return (
    <>
      <p>
        <Link to={back.pathname} state={back.state} className="back-link" onClick={onBack}>
          ← All emails
        </Link>
      </p>
      <div className="mail-editor">
        <form
          ref={form}
          className="card stack mail-form"
          aria-labelledby={EDITOR_TITLE_ID}
          noValidate
          onSubmit={(submitted) => {
            save.reset();
            return onSubmit(submitted);
          }}
        >
          <h2 id={EDITOR_TITLE_ID} tabIndex={-1}>
            {template.title}
          </h2>
          <p className="muted">
            {template.sent} {wordingOf(template)}
          </p>
          <ErrorBanner error={onFields ? null : (save.error ?? restore.error)} fallback="Failed to save the email" />
          <Field id={fieldId('subject')} label="Subject" error={errors.subject?.message} required>
            {(control) => <input {...control} {...track('subject')} maxLength={MAIL_TEMPLATE_SUBJECT_MAX} />}
          </Field>
          <Field
            id={fieldId('body')}
            label="Message"
            hint="Markdown: **bold**, *italic*, [a link](https://example.org), lists, > quotes. A link alone on its line is the email’s button. {{#name}}…{{/name}} shows its lines only when name has a value; {{^name}}…{{/name}} only when it has none."
            hintFirst
            error={errors.body?.message}
            required
          >
            {(control) => (
              <textarea {...control} {...track('body')} rows={16} maxLength={MAIL_TEMPLATE_BODY_MAX} spellCheck />
            )}
          </Field>
          <section className="placeholders" aria-labelledby="placeholders-title">
            <h3 id="placeholders-title">Placeholders</h3>
            <p className="muted">
              Each is filled in for the person the email goes to. A button writes it where the cursor was.
            </p>
            <ul>
              {template.placeholders.map((placeholder) => (
                <li key={placeholder.name}>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small placeholder-button"
                    aria-describedby={`placeholder-${placeholder.name}`}
                    onClick={() => insert(placeholder.name)}
                  >
                    <span className="visually-hidden">Insert </span>
                    {`{{${placeholder.name}}}`}
                  </button>
                  <span id={`placeholder-${placeholder.name}`}>{placeholder.description}</span>
                </li>
              ))}
            </ul>
          </section>
          <div className="row">
            <button type="submit" className="btn" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </button>
            {(!template.is_default || isDirty) && (
              <button type="button" className="btn btn-secondary" disabled={restore.isPending} onClick={onRestore}>
                Restore default
              </button>
            )}
            <p role="status" ref={status} tabIndex={-1} className="mail-status">
              {outcome && OUTCOMES[outcome]}
            </p>
          </div>
        </form>
        <MailPreview templateKey={template.key} input={draft} />
      </div>
      {confirmation.dialog}
      <UnsavedChangesGuard
        dirty={isDirty}
        what={`Your changes to the email “${template.title}” are not saved: leaving this page drops them.`}
      />
    </>
  );
}
