import { useState, type FormEvent, type ReactNode } from 'react';
import {
  BOARD_SIZE,
  MAX_SETTING_DAYS,
  MAX_SOCIAL_LINKS,
  MAX_SPONSORS,
  settingsSchema,
  type Settings,
} from '../../../contract/settings';
import { ErrorBanner } from '../../components/error-banner';
import { Spinner } from '../../components/loading-screen';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useAdminSettings, useSaveSettings } from './api';
import '../admin-shared.css';
import './settings-page.css';

/** What the inputs hold: text as typed, so that a half-typed number or URL is never lost. */
type Draft = {
  applications_open: boolean;
  challenge_deadline_days: string;
  hackathon_registration_delay_days: string;
  contact_email: string;
  contact_phone: string;
  contact_address: string;
  contact_map_url: string;
  social_links: { label: string; url: string }[];
  board_members: { name: string; title: string; photo_url: string }[];
  sponsors: { name: string; logo_url: string; url: string }[];
};

/** Field errors by path, as the contract names them: `contact_email`, `board_members.2.name`. */
type Errors = Record<string, string>;

type ListKey = 'social_links' | 'board_members' | 'sponsors';
/** One input of a list row: its key in the row, its on-screen label, and whether it takes a URL. */
type Column<K extends ListKey> = { key: keyof Draft[K][number] & string; text: string; url?: boolean };

const SOCIAL_COLUMNS: Column<'social_links'>[] = [
  { key: 'label', text: 'Label' },
  { key: 'url', text: 'URL', url: true },
];
const BOARD_COLUMNS: Column<'board_members'>[] = [
  { key: 'name', text: 'Name' },
  { key: 'title', text: 'Title' },
  { key: 'photo_url', text: 'Photo URL (optional)', url: true },
];
const SPONSOR_COLUMNS: Column<'sponsors'>[] = [
  { key: 'name', text: 'Name' },
  { key: 'logo_url', text: 'Logo URL (optional)', url: true },
  { key: 'url', text: 'Link (optional)', url: true },
];

function draftOf(settings: Settings): Draft {
  return {
    ...settings,
    challenge_deadline_days: String(settings.challenge_deadline_days),
    hackathon_registration_delay_days: String(settings.hackathon_registration_delay_days),
    social_links: settings.social_links.map((link) => ({ ...link })),
    board_members: settings.board_members.map((member) => ({ ...member, photo_url: member.photo_url ?? '' })),
    sponsors: settings.sponsors.map((sponsor) => ({
      name: sponsor.name,
      logo_url: sponsor.logo_url ?? '',
      url: sponsor.url ?? '',
    })),
  };
}

/** The draft in the API's shape; the contract's schema judges it (an empty number becomes NaN and is refused). */
function settingsOf(draft: Draft): Settings {
  const days = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
  const optionalUrl = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    ...draft,
    contact_email: draft.contact_email.trim(),
    challenge_deadline_days: days(draft.challenge_deadline_days),
    hackathon_registration_delay_days: days(draft.hackathon_registration_delay_days),
    contact_map_url: draft.contact_map_url.trim(),
    social_links: draft.social_links.map((link) => ({ label: link.label, url: link.url.trim() })),
    board_members: draft.board_members.map((member) => ({ ...member, photo_url: optionalUrl(member.photo_url) })),
    sponsors: draft.sponsors.map((sponsor) => ({
      name: sponsor.name,
      logo_url: optionalUrl(sponsor.logo_url),
      url: optionalUrl(sponsor.url),
    })),
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const fieldId = (path: string) => `setting-${path.replaceAll('.', '-')}`;

/** First message per path; `settings.` is the API's envelope around the same paths. */
function errorsOf(issues: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = issue.path.replace(/^settings\.?/, '');
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** A row's label: short on screen ("Name"), whole for assistive technology ("Sponsor 2 name"). */
function RowLabel({ row, text }: { row: string; text: string }) {
  return (
    <>
      <span className="visually-hidden">{row} </span>
      {text}
    </>
  );
}

type FieldProps = {
  path: string;
  label: ReactNode;
  value: string;
  errors: Errors;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'url' | 'number';
  hint?: string;
  inputProps?: Record<string, unknown>;
};

function Field({ path, label, value, errors, onChange, type = 'text', hint, inputProps }: FieldProps) {
  const id = fieldId(path);
  const error = errors[path];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
        {...inputProps}
      />
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="error-text" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

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
function ListError({ path, errors }: { path: string; errors: Errors }) {
  if (!errors[path]) return null;
  return (
    <p className="error-text" id={fieldId(path)} tabIndex={-1}>
      {errors[path]}
    </p>
  );
}

function SettingsForm({ saved }: { saved: Settings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const save = useSaveSettings();
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(saved));

  const update = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setNotice(null);
  };
  const updateRow = <K extends ListKey>(key: K, index: number, changes: Partial<Draft[K][number]>) => {
    setDraft((current) => ({
      ...current,
      [key]: current[key].map((row, i) => (i === index ? { ...row, ...changes } : row)),
    }));
    setNotice(null);
  };
  const removeRow = (key: 'social_links' | 'sponsors', index: number) => {
    setDraft((current) => ({ ...current, [key]: current[key].filter((_, i) => i !== index) }));
    // Row errors are by position: after a removal they would sit on the wrong row.
    setErrors({});
    setNotice(null);
  };

  /** The inputs of one list row, labelled "Name" on screen and "Sponsor 2 Name" for assistive technology. */
  const rowFields = <K extends ListKey>(list: K, row: string, index: number, columns: Column<K>[]) =>
    columns.map((column) => (
      <Field
        key={column.key}
        path={`${list}.${index}.${column.key}`}
        label={<RowLabel row={row} text={column.text} />}
        value={(draft[list][index] as Record<string, string>)[column.key]!}
        errors={errors}
        onChange={(value) => updateRow(list, index, { [column.key]: value } as Partial<Draft[K][number]>)}
        {...(column.url ? { type: 'url' as const, inputProps: { placeholder: 'https://' } } : {})}
      />
    ));

  /** A list the board grows and shrinks (social links, sponsors), with its list-level error. */
  const editableList = <K extends 'social_links' | 'sponsors'>(
    list: K,
    noun: string,
    columns: Column<K>[],
    max: number,
    blank: Draft[K][number],
  ) => (
    <>
      <ListError path={list} errors={errors} />
      {draft[list].length === 0 && <p className="muted">No {noun}s.</p>}
      <ol className="settings-rows">
        {draft[list].map((_, index) => (
          <li key={index} className={`settings-row${columns.length === 3 ? ' settings-row-3' : ''}`}>
            {rowFields(list, `${capitalize(noun)} ${index + 1}`, index, columns)}
            <button
              type="button"
              className="btn btn-secondary btn-small settings-remove"
              onClick={() => removeRow(list, index)}
            >
              Remove
              <span className="visually-hidden">
                {' '}
                {noun} {index + 1}
              </span>
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={draft[list].length >= max}
        onClick={() => update({ [list]: [...draft[list], blank] } as Partial<Draft>)}
      >
        Add {noun}
      </button>
    </>
  );

  const focusFirstError = (found: Errors) => {
    requestAnimationFrame(() => {
      const first = Object.keys(found)
        .map((path) => document.getElementById(fieldId(path)))
        .filter((element): element is HTMLElement => element !== null)
        .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
      first?.focus();
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    setNotice(null);
    const parsed = settingsSchema.safeParse(settingsOf(draft));
    if (!parsed.success) {
      const found = errorsOf(
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
      setErrors(found);
      setInvalid(true);
      focusFirstError(found);
      return;
    }
    setErrors({});
    setInvalid(false);
    const next = parsed.data;
    // Only what this admin changed: another admin's concurrent edit of other keys survives.
    const changes = Object.fromEntries(
      (Object.keys(next) as (keyof Settings)[])
        .filter((key) => JSON.stringify(next[key]) !== JSON.stringify(saved[key]))
        .map((key) => [key, next[key]]),
    ) as Partial<Settings>;
    if (Object.keys(changes).length === 0) {
      setDraft(draftOf(saved));
      setNotice('Nothing to save: no setting changed.');
      return;
    }
    save.mutate(changes, {
      onSuccess: (answer) => {
        setDraft(draftOf(answer.settings));
        setNotice('Settings saved. The public pages show them now.');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.details?.length) {
          const found = errorsOf(error.details);
          setErrors(found);
          focusFirstError(found);
        }
      },
    });
  };

  const discard = () => {
    setDraft(draftOf(saved));
    setErrors({});
    setInvalid(false);
    setNotice(null);
    save.reset();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="settings-form">
      <ErrorBanner error={save.error} fallback="Failed to save settings" />
      {invalid && Object.keys(errors).length > 0 && (
        <p className="alert" role="alert">
          Some settings are not valid: see the messages beside the fields.
        </p>
      )}

      <Section id="process" title="Applications and deadlines">
        <label className="row checkbox">
          <input
            type="checkbox"
            checked={draft.applications_open}
            onChange={(event) => update({ applications_open: event.target.checked })}
          />
          <span>Applications are open (candidates can submit an application)</span>
        </label>
        <div className="form-columns">
          <Field
            path="challenge_deadline_days"
            label="Challenge deadline (days)"
            hint="Days a candidate has for the challenges after approval."
            type="number"
            value={draft.challenge_deadline_days}
            errors={errors}
            onChange={(value) => update({ challenge_deadline_days: value })}
            inputProps={{ min: 1, max: MAX_SETTING_DAYS, step: 1, inputMode: 'numeric' }}
          />
          <Field
            path="hackathon_registration_delay_days"
            label="Hackathon registration delay (days)"
            hint="Days after the last validated challenge before registration opens."
            type="number"
            value={draft.hackathon_registration_delay_days}
            errors={errors}
            onChange={(value) => update({ hackathon_registration_delay_days: value })}
            inputProps={{ min: 0, max: MAX_SETTING_DAYS, step: 1, inputMode: 'numeric' }}
          />
        </div>
      </Section>

      <Section id="contact" title="Contact details" lead="Shown on the Contact page and in the footer.">
        <div className="form-columns">
          <Field
            path="contact_email"
            label="Email"
            type="email"
            value={draft.contact_email}
            errors={errors}
            onChange={(value) => update({ contact_email: value })}
            inputProps={{ autoComplete: 'off' }}
          />
          <Field
            path="contact_phone"
            label="Phone"
            type="tel"
            value={draft.contact_phone}
            errors={errors}
            onChange={(value) => update({ contact_phone: value })}
          />
        </div>
        <Field
          path="contact_address"
          label="Address"
          value={draft.contact_address}
          errors={errors}
          onChange={(value) => update({ contact_address: value })}
        />
        <Field
          path="contact_map_url"
          label="Map URL"
          type="url"
          value={draft.contact_map_url}
          errors={errors}
          onChange={(value) => update({ contact_map_url: value })}
          inputProps={{ placeholder: 'https://' }}
        />
        <h3 className="settings-subtitle">Social links</h3>
        {editableList('social_links', 'social link', SOCIAL_COLUMNS, MAX_SOCIAL_LINKS, { label: '', url: '' })}
      </Section>

      <Section
        id="board"
        title="Board listing"
        lead={`The landing page shows exactly ${BOARD_SIZE} people, in this order. Without a photo it shows their initials.`}
      >
        <ListError path="board_members" errors={errors} />
        <div className="settings-board">
          {draft.board_members.map((_, index) => (
            <fieldset key={index} className="settings-person">
              <legend>Board member {index + 1}</legend>
              {rowFields('board_members', `Member ${index + 1}`, index, BOARD_COLUMNS)}
            </fieldset>
          ))}
        </div>
      </Section>

      <Section
        id="sponsors"
        title="Sponsors"
        lead="Shown at the bottom of the landing page; with no sponsor the section is hidden."
      >
        {editableList('sponsors', 'sponsor', SPONSOR_COLUMNS, MAX_SPONSORS, { name: '', logo_url: '', url: '' })}
      </Section>

      <div className="settings-actions">
        <p className="settings-status" role="status">
          {notice ?? (dirty ? 'Unsaved changes' : '')}
        </p>
        <button type="button" className="btn btn-secondary" disabled={!dirty || save.isPending} onClick={discard}>
          Discard changes
        </button>
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** `/admin/settings`: every setting of docs/product.md#settings in one form, checked with the contract's schema. */
export function SettingsPage() {
  usePageTitle('Settings');
  const settings = useAdminSettings();
  return (
    <div>
      <div className="admin-toolbar">
        <h1>Settings</h1>
      </div>
      <ErrorBanner error={settings.error} fallback="Failed to load settings" />
      {settings.isPending ? (
        <Spinner label="Loading settings" />
      ) : settings.data ? (
        <SettingsForm saved={settings.data.settings} />
      ) : null}
    </div>
  );
}

export default SettingsPage;
