import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import { get, useFieldArray, useForm, useWatch, type FieldError, type FieldPath } from 'react-hook-form';
import {
  BOARD_SIZE,
  MAX_PROJECT_GRACE_MINUTES,
  MAX_RETENTION_MONTHS,
  MAX_SETTING_DAYS,
  MAX_SOCIAL_LINKS,
  MAX_SPONSORS,
  retentionMonthsSchema,
  settingsSchema,
  type Settings,
} from '../../../contract/settings';
import { ErrorBanner } from '../../components/error-banner';
import { LoadError } from '../../components/load-error';
import { UnsavedChangesGuard } from '../../components/unsaved-changes';
import { Field } from '../../components/field';
import { Spinner } from '../../components/loading-screen';
import { contractResolver, showServerErrors, useFocusFirstError } from '../../lib/form';
import { usePageTitle } from '../../lib/use-page-title';
import { useAdminSettings, useRetentionPreview, useSaveSettings } from './api';
import { ImageField } from './image-field';
import { LIST_TEXT, RemoveLabel, RowLabel } from './settings-labels';
import {
  BOARD_COLUMNS,
  draftOf,
  settingsOf,
  SOCIAL_COLUMNS,
  SPONSOR_COLUMNS,
  type Column,
  type Draft,
  type ListKey,
} from './settings-draft';
import '../../components/admin.css';
import './settings-page.css';

/** `board_members.2.name` → `setting-board_members-2-name`: the ids the error messages hang on. */
const fieldId = (path: string) => `setting-${path.replaceAll('.', '-')}`;

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="card settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {lead && <p className="muted">{lead}</p>}
      {children}
    </section>
  );
}

/** A list-level error (too many rows, wrong count) that belongs to no single field. */
function ListError({ path, message }: { path: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="error-text" id={fieldId(path)} tabIndex={-1} data-error-anchor>
      {message}
    </p>
  );
}

type InputType = 'text' | 'email' | 'tel' | 'url' | 'number';

/** The zones the browser knows, for the Time zone select; the saved one first in the list if it is an alias. */
function timeZones(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = known.includes('UTC') ? known : [...known, 'UTC'];
  return zones.includes(saved) ? zones : [saved, ...zones];
}

/** The months typed, when the setting would take them; null otherwise (nothing to count). */
function retentionMonths(text: string): number | null {
  if (text.trim() === '') return null;
  const parsed = retentionMonthsSchema.safeParse(Number(text));
  return parsed.success ? parsed.data : null;
}

/**
 * What the retention period typed would erase at the next hourly run (decisions §15), counted by the
 * server with the query the run follows, before the board saves it.
 */
function RetentionPreview({ text }: { text: string }) {
  const months = retentionMonths(text);
  // 0 erases no one: nothing to ask.
  const preview = useRetentionPreview(months || null);
  const counted = preview.data?.months === months && !preview.settling ? preview.data : undefined;
  let message: ReactNode = null;
  if (months === 0) message = <Trans>0 months: every account is kept, the hourly run erases none.</Trans>;
  else if (months !== null && counted)
    message = (
      <Plural
        value={counted.would_erase}
        one="# account would be erased at the next hourly run."
        other="# accounts would be erased at the next hourly run."
      />
    );
  else if (months !== null)
    message =
      preview.error && !preview.settling ? (
        <Trans>The accounts could not be counted.</Trans>
      ) : (
        <Trans>Counting the accounts…</Trans>
      );
  return (
    <p className="settings-preview" role="status" id={fieldId('retention_months-preview')}>
      {message}
    </p>
  );
}

function SettingsForm({ saved }: { saved: Settings }) {
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const { register, control, handleSubmit, reset, setError, setValue, clearErrors, formState } = useForm<
    Draft,
    unknown,
    Settings
  >({
    defaultValues: draftOf(saved),
    resolver: contractResolver(settingsSchema, settingsOf),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const lists = {
    social_links: useFieldArray({ control, name: 'social_links' }),
    board_members: useFieldArray({ control, name: 'board_members' }),
    sponsors: useFieldArray({ control, name: 'sponsors' }),
  };
  const [notice, setNotice] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const save = useSaveSettings();
  const draft = useWatch({ control });
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(saved));

  const errorAt = (path: string) => (get(errors, path) as FieldError | undefined)?.message;
  /** An input of the form, with its label, hint and the error the schema or the server gave it. */
  const input = (path: FieldPath<Draft>, label: ReactNode, type: InputType = 'text', hint?: string, props = {}) => (
    <Field key={path} id={fieldId(path)} label={label} hint={hint} error={errorAt(path)}>
      {(control) => <input {...control} type={type} {...register(path)} {...props} />}
    </Field>
  );
  const removeRow = (list: 'social_links' | 'sponsors', index: number) => {
    lists[list].remove(index);
    // Row errors are by position: after a removal they would sit on the wrong row.
    clearErrors();
    setNotice(null);
  };

  /** The inputs of one list row, labelled "Name" on screen and "Sponsor 2 Name" for assistive technology. */
  const rowFields = <K extends ListKey>(list: K, row: string, index: number, columns: Column<K>[]) =>
    columns.map((column) =>
      input(
        `${list}.${index}.${column.key}` as FieldPath<Draft>,
        <RowLabel row={row} text={i18n._(column.text)} />,
        column.url ? 'url' : 'text',
        undefined,
        column.url ? { placeholder: 'https://' } : {},
      ),
    );
  /** A picture of a row: upload, preview and remove, or an address typed in (docs/decisions/0122-uploaded-images.md). */
  const imageField = (
    path: `board_members.${number}.photo_url` | `sponsors.${number}.logo_url`,
    kind: 'board_photo' | 'sponsor_logo',
    row: string,
  ) => (
    <ImageField
      key={path}
      id={fieldId(path)}
      kind={kind}
      row={row}
      value={(get(draft, path) as string | undefined) ?? ''}
      error={errorAt(path)}
      onChange={(url) => {
        setValue(path, url);
        clearErrors(path);
        setNotice(null);
      }}
    >
      {input(
        path,
        <RowLabel row={row} text={kind === 'board_photo' ? t`Photo URL (optional)` : t`Logo URL (optional)`} />,
        'url',
        undefined,
        { placeholder: 'https://' },
      )}
    </ImageField>
  );
  const listError = (list: ListKey) => <ListError path={list} message={errorAt(`${list}.root`) ?? errorAt(list)} />;

  /** A list the board grows and shrinks (social links, sponsors), with its list-level error. */
  const editableList = <K extends 'social_links' | 'sponsors'>(
    list: K,
    columns: Column<K>[],
    max: number,
    blank: Draft[K][number],
  ) => (
    <>
      {listError(list)}
      {lists[list].fields.length === 0 && <p className="muted">{i18n._(LIST_TEXT[list].none)}</p>}
      <ol className="settings-rows">
        {lists[list].fields.map((row, index) => (
          <li key={row.id} className="settings-row">
            {rowFields(list, i18n._(LIST_TEXT[list].row(index + 1)), index, columns)}
            <button
              type="button"
              className="btn btn-secondary btn-small settings-remove"
              onClick={() => removeRow(list, index)}
            >
              <RemoveLabel list={list} n={index + 1} />
            </button>
            {list === 'sponsors' &&
              imageField(`sponsors.${index}.logo_url`, 'sponsor_logo', i18n._(LIST_TEXT.sponsors.row(index + 1)))}
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={lists[list].fields.length >= max}
        onClick={() => {
          (lists[list].append as (row: Draft[K][number]) => void)(blank);
          setNotice(null);
        }}
      >
        {i18n._(LIST_TEXT[list].add)}
      </button>
    </>
  );

  const onValid = (next: Settings) => {
    setInvalid(false);
    // Only what this admin changed: another admin's concurrent edit of other keys survives.
    const changes = Object.fromEntries(
      (Object.keys(next) as (keyof Settings)[])
        .filter((key) => JSON.stringify(next[key]) !== JSON.stringify(saved[key]))
        .map((key) => [key, next[key]]),
    ) as Partial<Settings>;
    if (Object.keys(changes).length === 0) {
      reset(draftOf(saved));
      setNotice(t`Nothing to save: no setting changed.`);
      return;
    }
    save.mutate(changes, {
      onSuccess: (answer) => {
        reset(draftOf(answer.settings));
        setNotice(t`Settings saved. The public pages show them now.`);
      },
      onError: (error) => {
        const placed = showServerErrors(error, setError, {
          prefix: 'settings.',
          accept: (path) => path !== 'settings',
        });
        if (placed) focusFirstError();
      },
    });
  };
  const onInvalid = () => {
    setInvalid(true);
    focusFirstError();
  };

  const discard = () => {
    reset(draftOf(saved));
    setInvalid(false);
    setNotice(null);
    save.reset();
  };

  return (
    <form
      ref={form}
      onSubmit={(event) => {
        save.reset();
        setNotice(null);
        return handleSubmit(onValid, onInvalid)(event);
      }}
      onChange={() => setNotice(null)}
      noValidate
      className="settings-form"
    >
      <ErrorBanner error={save.error} fallback={t`Failed to save settings`} />
      {invalid && Object.keys(errors).length > 0 && (
        <p className="alert" role="alert">
          <Trans>Some settings are not valid: see the messages beside the fields.</Trans>
        </p>
      )}

      <Section id="process" title={t`Applications and deadlines`}>
        <label className="row checkbox">
          <input type="checkbox" {...register('applications_open')} />
          <span>
            <Trans>Applications are open (candidates can submit an application)</Trans>
          </span>
        </label>
        <Field
          id={fieldId('time_zone')}
          label={t`Time zone`}
          hint={t`Every date of the emails and the pages is given in this zone, and every date the board types is read in it.`}
          error={errorAt('time_zone')}
        >
          {(control) => (
            <select {...control} {...register('time_zone')}>
              {timeZones(saved.time_zone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="form-columns">
          {input(
            'challenge_deadline_days',
            t`Challenge deadline (days)`,
            'number',
            t`Days a candidate has for the challenges after approval.`,
            { min: 1, max: MAX_SETTING_DAYS, step: 1, inputMode: 'numeric' },
          )}
          {input(
            'hackathon_registration_delay_days',
            t`Hackathon registration delay (days)`,
            'number',
            t`Days after the last validated challenge before registration opens.`,
            { min: 0, max: MAX_SETTING_DAYS, step: 1, inputMode: 'numeric' },
          )}
          {input(
            'project_grace_minutes',
            t`Team project grace period (minutes)`,
            'number',
            t`Minutes after a hackathon ends during which its teams may still edit their project.`,
            { min: 0, max: MAX_PROJECT_GRACE_MINUTES, step: 1, inputMode: 'numeric' },
          )}
        </div>
      </Section>

      <Section id="contact" title={t`Contact details`} lead={t`Shown on the Contact page and in the footer.`}>
        <div className="form-columns">
          {input('contact_email', t`Email`, 'email', undefined, { autoComplete: 'off' })}
          {input('contact_phone', t`Phone`, 'tel')}
        </div>
        {input('contact_address', t`Address`)}
        {input('contact_map_url', t`Map URL`, 'url', undefined, { placeholder: 'https://' })}
        <h3 className="settings-subtitle">
          <Trans>Social links</Trans>
        </h3>
        {editableList('social_links', SOCIAL_COLUMNS, MAX_SOCIAL_LINKS, { label: '', url: '' })}
      </Section>

      <Section id="privacy" title={t`Privacy`} lead={t`Told on the privacy notice.`}>
        {input('data_location', t`Where the data is stored`, 'text', t`For example “a server in Morocco”.`)}
        {input(
          'retention_months',
          t`Retention period (months)`,
          'number',
          t`Months without a sign-in after which the account of someone who is not a member is erased, if their latest application was declined or withdrawn, or they never applied. 0 keeps everything.`,
          { min: 0, max: MAX_RETENTION_MONTHS, step: 1, inputMode: 'numeric' },
        )}
        <RetentionPreview text={draft.retention_months ?? ''} />
      </Section>

      <Section
        id="board"
        title={t`Board listing`}
        lead={t`The landing page shows exactly ${BOARD_SIZE} people, in this order. Without a photo it shows the initials of their name.`}
      >
        {listError('board_members')}
        <div className="settings-board">
          {lists.board_members.fields.map((member, index) => {
            const n = index + 1;
            return (
              <fieldset key={member.id} className="settings-person">
                <legend>{t`Board member ${n}`}</legend>
                {rowFields('board_members', t`Member ${n}`, index, BOARD_COLUMNS)}
                {imageField(`board_members.${index}.photo_url`, 'board_photo', t`Member ${n}`)}
              </fieldset>
            );
          })}
        </div>
      </Section>

      <Section
        id="sponsors"
        title={t`Sponsors`}
        lead={t`Shown at the bottom of the landing page; with no sponsor the section is hidden.`}
      >
        {editableList('sponsors', SPONSOR_COLUMNS, MAX_SPONSORS, { name: '', logo_url: '', url: '' })}
      </Section>

      <UnsavedChangesGuard
        dirty={dirty && !save.isPending}
        what={t`Your changes to the settings are not saved: they will be lost if you leave this page.`}
      />
      <div className="settings-actions">
        <p className="settings-status" role="status">
          {notice ?? (dirty ? t`Unsaved changes` : '')}
        </p>
        {/* A phone gets the short labels, so that the status and both buttons keep to one line. */}
        <button type="button" className="btn btn-secondary" disabled={!dirty || save.isPending} onClick={discard}>
          <span className="label-long">
            <Trans>Discard changes</Trans>
          </span>
          <span className="label-short">
            <Trans>Discard</Trans>
          </span>
        </button>
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? (
            t`Saving...`
          ) : (
            <>
              <span className="label-long">
                <Trans>Save settings</Trans>
              </span>
              <span className="label-short">
                <Trans>Save</Trans>
              </span>
            </>
          )}
        </button>
      </div>
    </form>
  );
}

/** `/admin/settings`: every setting of docs/product/settings.md#settings in one form, checked with the contract's schema. */
export function SettingsPage() {
  const { t } = useLingui();
  usePageTitle(t`Settings`);
  const settings = useAdminSettings();
  return (
    <div>
      <div className="admin-toolbar">
        <h1>
          <Trans>Settings</Trans>
        </h1>
      </div>
      {settings.error ? (
        <LoadError error={settings.error} fallback={t`Failed to load settings`} onRetry={settings.refetch} />
      ) : settings.isPending ? (
        <Spinner label={t`Loading settings`} />
      ) : settings.data ? (
        <SettingsForm saved={settings.data.settings} />
      ) : null}
    </div>
  );
}

export default SettingsPage;
