import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AdminList } from '../../components/admin-list';
import { usePageTitle } from '../../lib/use-page-title';
import { useMailTemplates } from './api';
import { EDITOR_TITLE_ID, TemplateEditor, wordingOf } from './template-editor';
import '../admin-shared.css';
import './emails-page.css';

const TITLE = 'Emails';
const LEAD = 'The emails the app sends to candidates, in the board’s words.';

/** Where the list's link to a template's editor sits, for the focus to come back to it. */
const editLinkId = (key: string) => `edit-${key}`;

/**
 * `/admin/emails`: the notification emails (docs/decisions/0120-mail-templates.md). The list of
 * templates, and `?edit=<key>` the editor of one; coming back, the focus returns to its link.
 */
export function EmailsPage() {
  usePageTitle(TITLE);
  const templates = useMailTemplates();
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

  if (template) {
    return (
      <div>
        <div className="admin-toolbar">
          <div>
            <h1>{TITLE}</h1>
            <p className="muted">{LEAD}</p>
          </div>
        </div>
        <TemplateEditor key={template.key} template={template} />
      </div>
    );
  }

  return (
    <AdminList
      title={TITLE}
      lead={LEAD}
      list={{ ...templates, data: rows && { data: rows, total: rows.length } }}
      loading="Loading the emails"
      failed="Failed to load the emails"
      notices={
        editing && rows ? (
          <p className="alert" role="alert">
            There is no such email. Choose one of the list.
          </p>
        ) : null
      }
      empty={<p className="empty-state">No email to word.</p>}
    >
      {(list) => (
        <ul className="card-grid mail-list">
          {list.map((row) => (
            <li key={row.key} className="card stack">
              <h2 className="card-title">{row.title}</h2>
              <p className="muted">{row.sent}</p>
              <dl className="detail-grid">
                <dt>Subject</dt>
                <dd>{row.subject}</dd>
              </dl>
              {row.is_default ? (
                <p>
                  <span className="badge">Default wording</span>
                </p>
              ) : (
                <p>
                  <span className="badge badge-brand">Edited</span>{' '}
                  <span className="mail-wording">{wordingOf(row)}</span>
                </p>
              )}
              <div className="row">
                <Link id={editLinkId(row.key)} className="btn btn-secondary btn-small" to={`?edit=${row.key}`}>
                  Edit<span className="visually-hidden"> the email “{row.title}”</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminList>
  );
}

export default EmailsPage;
