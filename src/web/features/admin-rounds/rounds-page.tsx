import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Round } from '../../../contract/rounds';
import { AdminList } from '../../components/admin-list';
import { useConfirmation } from '../../components/confirm-dialog';
import { Notice } from '../../components/notice';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useRoundChange, useRounds } from './api';
import { RoundFormModal } from './round-form-modal';
import '../../components/admin.css';
import './rounds-page.css';

/** Where a round stands now: open, not yet open, or closed. */
function RoundStatus({ round, now }: { round: Round; now: number }) {
  if (round.is_open)
    return (
      <span className="badge badge-success">
        <Trans>Open now</Trans>
      </span>
    );
  if (Date.parse(round.opens_at) > now)
    return (
      <span className="badge badge-warning">
        <Trans>Upcoming</Trans>
      </span>
    );
  return (
    <span className="badge">
      <Trans>Closed</Trans>
    </span>
  );
}

/** The round's applications, the link's text; its name follows for screen readers only. */
function ApplicationsLink({ round }: { round: Round }) {
  const { applications, name } = round;
  return (
    <Link to={`/admin/applications?round_id=${round.id}`}>
      {plural(applications, { one: '# application', other: '# applications' })}
      <span className="visually-hidden">
        {' '}
        <Trans>in {name}</Trans>
      </span>
    </Link>
  );
}

/** `/admin/rounds`: the recruitment rounds (docs/decisions/0121-recruitment-rounds.md), opened, changed and closed by the board. */
export function RoundsPage() {
  const { t } = useLingui();
  usePageTitle(t`Rounds`);
  const rounds = useRounds();
  const close = useRoundChange();
  const [editing, setEditing] = useState<Round | 'new' | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const outcome = useRef<HTMLParagraphElement>(null);
  // The Close button leaves with the open round: the focus goes to the sentence that says it is closed.
  useEffect(() => {
    if (closed) outcome.current?.focus();
  }, [closed]);

  const confirmation = useConfirmation();
  const closeFailed = (reason: string) => t`Failed to close the round: ${reason}`;
  const onClose = (round: Round) => {
    const { name } = round;
    confirmation.ask({
      title: t`Close ${name}?`,
      consequence: (
        <p>
          <Trans>
            Candidates can no longer apply in this round from now on. Its applications stay as they are, and the board
            goes on reviewing them.
          </Trans>
        </p>
      ),
      confirmLabel: t`Close round`,
      danger: true,
      onConfirm: () => {
        setClosed(null);
        close.mutate(
          { kind: 'update', id: round.id, body: { closes_at: new Date().toISOString() } },
          { onSuccess: () => setClosed(t`${name} is closed: it takes no more applications.`) },
        );
      },
    });
  };
  const rows = rounds.data?.data;

  return (
    <AdminList
      title={t`Rounds`}
      lead={t`Candidates apply while a round is open and applications are open in the settings. Rounds never overlap.`}
      actions={
        <button type="button" className="btn" onClick={() => setEditing('new')}>
          <Trans>Open a round</Trans>
        </button>
      }
      list={{ ...rounds, data: rows && { data: rows, total: rows.length } }}
      loading={t`Loading rounds`}
      failed={t`Failed to load rounds`}
      notices={
        <>
          <Notice text={close.isError && closeFailed(errorMessage(close.error, t`Unknown error`))} />
          <p role="status" ref={outcome} tabIndex={-1} className="rounds-outcome">
            {closed}
          </p>
        </>
      }
      empty={
        <p className="empty-state">
          <Trans>No round yet: open one and candidates can apply.</Trans>
        </p>
      }
      dialog={
        confirmation.dialog ??
        (editing && <RoundFormModal round={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />)
      }
    >
      {(list) => (
        <ul className="card-grid">
          {list.map((round) => {
            const { name } = round;
            return (
              <li key={round.id} className="card stack">
                <div className="row">
                  <h2 className="card-title round-name" dir="auto">
                    {round.name}
                  </h2>
                  <RoundStatus round={round} now={now} />
                </div>
                <dl className="detail-grid">
                  <dt>
                    <Trans>Opens</Trans>
                  </dt>
                  <dd>{formatDateTime(round.opens_at)}</dd>
                  <dt>
                    <Trans>Closes</Trans>
                  </dt>
                  <dd>{round.closes_at ? formatDateTime(round.closes_at) : t`When the board closes it`}</dd>
                  <dt>
                    <Trans>Applications</Trans>
                  </dt>
                  <dd>
                    <ApplicationsLink round={round} />
                  </dd>
                </dl>
                <div className="row">
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(round)}>
                    <Trans>
                      Edit<span className="visually-hidden"> {name}</span>
                    </Trans>
                  </button>
                  {round.is_open && (
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      disabled={close.isPending}
                      onClick={() => onClose(round)}
                    >
                      <Trans>
                        Close now<span className="visually-hidden"> {name}</span>
                      </Trans>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminList>
  );
}

export default RoundsPage;
