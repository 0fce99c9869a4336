import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useId, useState } from 'react';
import { z } from 'zod';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_TYPES,
  auditLogQuerySchema,
  type AuditAction,
  type AuditLog,
} from '../../../contract/audit';
import { AUDIT_LOGS_PAGE_SIZE } from '../../../contract/constants';
import { AdminList } from '../../components/admin-list';
import { SelectFilter, TextFilter } from '../../components/filters';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { auditLogsCsvUrl, useAuditLogs } from './api';
import { ENTITY_NAMES } from './entity-names';
import { formatValue, readDetails, type ReadDetails } from './audit-details';
import '../../components/admin.css';
import './logs-page.css';

/** The address of the Logs page: the contract's audit filters, the entity one of the known types (another shows All). */
const LOGS_LIST = auditLogQuerySchema
  .omit({ limit: true })
  .extend({ entity_type: z.enum(AUDIT_ENTITY_TYPES).optional() });

// Column headers, also the labels of the cells when a phone stacks each entry.
const ENTITY = msg`Entity`;
const BY = msg`By`;

/** An entity type as people read it; one the page does not know shows as stored. */
function EntityName({ type }: { type: string }) {
  const { t } = useLingui();
  const name = ENTITY_NAMES[type];
  return name ? t(name) : <Breakable name={type} />;
}

/**
 * Logs page (docs/product/screens.md#logs-page): the audit log as a table, newest first, 50 a page,
 * filtered by a part of the action and by entity type, each entry opening on what changed,
 * and the CSV of every entry the filters select.
 */
export function LogsPage() {
  const { t } = useLingui();
  usePageTitle(t`Logs`);
  const entityFilters = [
    { value: '', label: t`All` },
    ...AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: t(ENTITY_NAMES[type]!) })),
  ];
  const list = useListParams(LOGS_LIST);
  const { action, entity_type, offset } = list.values;
  const filter = { action: action || undefined, entity_type };
  const logs = useAuditLogs({ ...filter, offset, limit: AUDIT_LOGS_PAGE_SIZE });

  return (
    <AdminList
      title={t`Logs`}
      filters={
        <>
          <TextFilter label={t`Action`} placeholder={t`e.g. approved`} {...list.text('action')} />
          <SelectFilter label={t(ENTITY)} options={entityFilters} {...list.choice('entity_type')} />
        </>
      }
      actions={
        <a className="btn btn-secondary" href={auditLogsCsvUrl(filter)} download>
          <Trans>Export CSV</Trans>
        </a>
      }
      list={logs}
      loading={t`Loading logs`}
      failed={t`Failed to load logs`}
      empty={
        <p className="empty-state">
          <Trans>No log entries match these filters.</Trans>
        </p>
      }
      pager={list.pager(AUDIT_LOGS_PAGE_SIZE)}
    >
      {(rows) => (
        // Focusable so that keyboard users can scroll it, should a long value still widen it.
        <div className="table-wrap log-table" role="region" aria-label={t`Audit log entries`} tabIndex={0}>
          <table>
            <caption className="visually-hidden">
              <Trans>Audit log, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Time</Trans>
                </th>
                <th scope="col">
                  <Trans>Action</Trans>
                </th>
                <th scope="col">{t(ENTITY)}</th>
                <th scope="col">{t(BY)}</th>
              </tr>
            </thead>
            {rows.map((entry) => (
              <LogEntry key={entry.id} entry={entry} />
            ))}
          </table>
        </div>
      )}
    </AdminList>
  );
}

/** One entry: its row, and below it what changed, opened and closed by the action's button. */
/** A name made of words joined by dots and underscores (`challenge.exercise_submitted`), allowed to wrap after each joint only. */
function Breakable({ name }: { name: string }) {
  const parts = name.split(/(?<=[._])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

/** The action's name in the page's language, above its stored key (what the Action filter searches). */
function ActionName({ action }: { action: AuditAction }) {
  const { i18n } = useLingui();
  return (
    <span className="log-action-text">
      <span>{i18n._(AUDIT_ACTION_LABELS[action])}</span>
      <code>
        <Breakable name={action} />
      </code>
    </span>
  );
}

function LogEntry({ entry }: { entry: AuditLog }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const details = readDetails(entry.details);
  const hasDetails = details.changes.length > 0 || details.others.length > 0;
  const { action } = entry;
  return (
    <tbody>
      <tr className="log-row">
        <td className="log-time">
          <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
        </td>
        <td className="log-action">
          {hasDetails ? (
            <button
              type="button"
              className="disclosure"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={t`Details of ${action}`}
              onClick={() => setOpen(!open)}
            >
              <ActionName action={action} />
            </button>
          ) : (
            <ActionName action={action} />
          )}
        </td>
        <td data-label={t(ENTITY)}>
          <EntityName type={entry.entity_type} />
          {entry.entity_id !== null && <span className="muted"> #{entry.entity_id}</span>}
        </td>
        <td data-label={t(BY)}>
          {entry.actor_hidden ? (
            <span className="muted">
              <Trans>The candidate (hidden until you vote)</Trans>
            </span>
          ) : entry.user_name ? (
            <bdi>{entry.user_name}</bdi>
          ) : (
            '—'
          )}
          {entry.user_id !== null && <span className="muted"> #{entry.user_id}</span>}
        </td>
      </tr>
      {hasDetails && (
        <tr id={detailsId} className="log-details" hidden={!open}>
          <td colSpan={4}>
            <EntryDetails details={details} />
          </td>
        </tr>
      )}
    </tbody>
  );
}

/** Before → after field by field, then the entry's other details. */
function EntryDetails({ details: { changes, others } }: { details: ReadDetails }) {
  return (
    <>
      {changes.length > 0 && (
        <table className="change-table">
          <caption className="visually-hidden">
            <Trans>What changed</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Field</Trans>
              </th>
              <th scope="col">
                <Trans>Before</Trans>
              </th>
              <th scope="col">
                <Trans>After</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">
                  <code>{change.field}</code>
                </th>
                {/* Values as stored (data, not the page's words): translate="no" says so to translation tools. */}
                <td translate="no">{formatValue(change.before)}</td>
                <td translate="no">{formatValue(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {others.length > 0 && (
        <dl className="detail-grid">
          {others.map(([key, value]) => (
            <Fragment key={key}>
              <dt>
                <code>{key}</code>
              </dt>
              <dd translate="no">{formatValue(value)}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </>
  );
}

export default LogsPage;
