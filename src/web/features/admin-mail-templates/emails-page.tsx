import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { RTL_LOCALES } from '../../../contract/locales';
import { AdminList } from '../../components/admin-list';
import { usePageTitle } from '../../lib/use-page-title';
import { useMailTemplates } from './api';
import { EDITOR_TITLE_ID, TemplateEditor, useWordingOf } from './template-editor';
import { emailsSearch, useWordingLocale, WordingLanguage } from './wording-language';
import '../../components/admin.css';
import './emails-page.css';

/** Where the list's link to a template's editor sits, for the focus to come back to it. */
const editLinkId = (key: string) => `edit-${key}`;

/**
 * `/admin/emails`: the notification emails (docs/decisions/0120-mail-templates.md), in the
 * language `?locale=` names (English by default, docs/decisions/0128-languages.md). The list of
 * templates, and `?edit=<key>` the editor of one; coming back, the focus returns to its link.
 */
export function EmailsPage() {
  const { t } = useLingui();
  const title = t`Emails`;
  const lead = t`The emails the app sends to candidates, in the board’s words.`;
  usePageTitle(title);
  const locale = useWordingLocale();
  const templates = useMailTemplates(locale);
  const wordingOf = useWordingOf();
  const [params] = useSearchParams();
  const location = useLocation();
  const editing = params.get('edit');
  const rows = templates.data?.data;
  const template = rows?.find((row) => row.key === editing);
  const cameFrom = (location.state as { from?: string } | null)?.from;
  const shownKey = template?.key;
  // Once per visit of an address: the editor's title when it opens, the link back when it closes.
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (focusedFor.current === location.key) return;
    const target = shownKey ? EDITOR_TITLE_ID : cameFrom && rows ? editLinkId(cameFrom) : null;
    const element = target && document.getElementById(target);
    if (!element) return;
    focusedFor.current = location.key;
    element.focus();
  }, [location.key, shownKey, cameFrom, rows]);
  const dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';

  if (template) {
    return (
      <div>
        <div className="admin-toolbar">
          <div>
            <h1>{title}</h1>
            <p className="muted">{lead}</p>
          </div>
          <WordingLanguage edit={template.key} />
        </div>
        <TemplateEditor key={`${template.key}-${locale}`} template={template} locale={locale} />
      </div>
    );
  }

  return (
    <AdminList
      title={title}
      lead={lead}
      actions={<WordingLanguage />}
      list={{ ...templates, data: rows && { data: rows, total: rows.length } }}
      loading={t`Loading the emails`}
      failed={t`Failed to load the emails`}
      notices={
        editing && rows ? (
          <p className="alert" role="alert">
            <Trans>There is no such email. Choose one of the list.</Trans>
          </p>
        ) : null
      }
      empty={
        <p className="empty-state">
          <Trans>No email to word.</Trans>
        </p>
      }
    >
      {(list) => (
        <ul className="card-grid mail-list">
          {list.map((row) => {
            const name = row.title;
            return (
              <li key={row.key} className="card stack">
                <h2 className="card-title">{name}</h2>
                <p className="muted">{row.sent}</p>
                <dl className="detail-grid">
                  <dt>
                    <Trans>Subject</Trans>
                  </dt>
                  <dd lang={locale} dir={dir}>
                    {row.subject}
                  </dd>
                </dl>
                {row.is_default ? (
                  <p>
                    <span className="badge">
                      <Trans>Default wording</Trans>
                    </span>
                  </p>
                ) : (
                  <p>
                    <span className="badge badge-brand">
                      <Trans>Edited</Trans>
                    </span>{' '}
                    <span className="mail-wording">{wordingOf(row)}</span>
                  </p>
                )}
                <div className="row">
                  <Link
                    id={editLinkId(row.key)}
                    className="btn btn-secondary btn-small"
                    to={emailsSearch(locale, row.key)}
                  >
                    <Trans>
                      Edit<span className="visually-hidden"> the email “{name}”</span>
                    </Trans>
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminList>
  );
}

export default EmailsPage;
