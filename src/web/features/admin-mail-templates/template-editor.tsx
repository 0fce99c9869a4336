import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { RTL_LOCALES, type Locale } from '../../../contract/locales';
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
import { emailsSearch } from './wording-language';

type Draft = { subject: string; body: string };

export const EDITOR_TITLE_ID = 'mail-editor-title';
type FieldName = keyof Draft;

const OUTCOMES = {
  saved: msg`Saved. Every email of this kind is now written in these words.`,
  restored: msg`The default wording is back.`,
  discarded: msg`Your changes were discarded.`,
} as const;

/** Who wrote the wording in force, in a sentence of the page's language. */
export function useWordingOf() {
  const { t } = useLingui();
  return (template: MailTemplate): string => {
    if (template.is_default) return t`The club’s default wording.`;
    const when = template.updated_at ? formatDateTime(template.updated_at) : '';
    const login = template.updated_by;
    return login ? t`The board’s wording, saved by @${login} on ${when}.` : t`The board’s wording, saved on ${when}.`;
  };
}

/**
 * One template being edited (docs/decisions/0120-mail-templates.md): subject and Markdown body,
 * the placeholders it knows (a button inserts one where the cursor was), the live preview,
 * Save and "Restore default", all for the wording in `locale` (docs/decisions/0128-languages.md).
 * The server's refusals show under the field they name.
 */
export function TemplateEditor({ template, locale }: { template: MailTemplate; locale: Locale }) {
  const { t, i18n } = useLingui();
  const wordingOf = useWordingOf();
  const name = template.title;
  // The wording is written in its own language, whatever the page's.
  const written = { lang: locale, dir: RTL_LOCALES.has(locale) ? 'rtl' : 'ltr' };
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
        { key: template.key, locale, ...input },
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
      title: t`Restore the default wording of “${name}”?`,
      consequence: template.is_default ? (
        <p>
          <Trans>Your unsaved changes are discarded; this email keeps the club’s default wording.</Trans>
        </p>
      ) : (
        <p>
          <Trans>
            The board’s wording of this email is replaced by the club’s default, and every email of this kind written
            from now on uses it. Unsaved changes are discarded too.
          </Trans>
        </p>
      ),
      confirmLabel: t`Restore default`,
      danger: true,
      onConfirm: () => {
        setOutcome(null);
        if (template.is_default) {
          reset({ subject: template.subject, body: template.body });
          setOutcome('discarded');
          return;
        }
        restore.mutate(
          { key: template.key, locale },
          {
            onSuccess: (restored) => {
              reset({ subject: restored.subject, body: restored.body });
              setOutcome('restored');
            },
          },
        );
      },
    });

  /** Back to the list, where the focus returns to this template's link; a draft is not dropped unasked. */
  const back = { pathname: '/admin/emails', search: emailsSearch(locale), state: { from: template.key } };
  const onBack = (event: MouseEvent) => {
    if (!isDirty) return;
    event.preventDefault();
    confirmation.ask({
      title: t`Leave without saving?`,
      consequence: <p>{t`Your changes to “${name}” are not saved, and leaving drops them.`}</p>,
      confirmLabel: t`Leave without saving`,
      danger: true,
      onConfirm: () => void navigate({ pathname: back.pathname, search: back.search }, { state: back.state }),
    });
  };
  /* eslint-disable lingui/no-unlocalized-strings -- the template syntax, typed the same in every language */
  const showIf = '{{#name}}…{{/name}}';
  const hideIf = '{{^name}}…{{/name}}';
  /* eslint-enable lingui/no-unlocalized-strings */

  return (
    <>
      <p>
        <Link
          to={{ pathname: back.pathname, search: back.search }}
          state={back.state}
          className="back-link"
          onClick={onBack}
        >
          <Trans>← All emails</Trans>
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
          <ErrorBanner error={onFields ? null : (save.error ?? restore.error)} fallback={t`Failed to save the email`} />
          <Field id={fieldId('subject')} label={t`Subject`} error={errors.subject?.message} required>
            {(control) => (
              <input {...control} {...track('subject')} {...written} maxLength={MAIL_TEMPLATE_SUBJECT_MAX} />
            )}
          </Field>
          <Field
            id={fieldId('body')}
            label={t`Message`}
            hint={t`Markdown: **bold**, *italic*, [a link](https://example.org), lists, > quotes. A link alone on its line is the email’s button. ${showIf} shows its lines only when name has a value; ${hideIf} only when it has none.`}
            hintFirst
            error={errors.body?.message}
            required
          >
            {(control) => (
              <textarea
                {...control}
                {...track('body')}
                {...written}
                rows={16}
                maxLength={MAIL_TEMPLATE_BODY_MAX}
                spellCheck
              />
            )}
          </Field>
          <section className="placeholders" aria-labelledby="placeholders-title">
            <h3 id="placeholders-title">
              <Trans>Placeholders</Trans>
            </h3>
            <p className="muted">
              <Trans>
                Each is filled in for the person the email goes to. A button writes it where the cursor was.
              </Trans>
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
                    <span className="visually-hidden">{t`Insert`} </span>
                    {`{{${placeholder.name}}}`}
                  </button>
                  <span id={`placeholder-${placeholder.name}`}>{placeholder.description}</span>
                </li>
              ))}
            </ul>
          </section>
          <div className="row">
            <button type="submit" className="btn" disabled={save.isPending}>
              {save.isPending ? t`Saving...` : t`Save`}
            </button>
            {(!template.is_default || isDirty) && (
              <button type="button" className="btn btn-secondary" disabled={restore.isPending} onClick={onRestore}>
                <Trans>Restore default</Trans>
              </button>
            )}
            <p role="status" ref={status} tabIndex={-1} className="mail-status">
              {outcome && i18n._(OUTCOMES[outcome])}
            </p>
          </div>
        </form>
        <MailPreview templateKey={template.key} locale={locale} input={draft} />
      </div>
      {confirmation.dialog}
      <UnsavedChangesGuard
        dirty={isDirty}
        what={t`Your changes to the email “${name}” are not saved: leaving this page drops them.`}
      />
    </>
  );
}
