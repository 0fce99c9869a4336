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
import '../admin-shared.css';
import './rounds-page.css';

/** Where a round stands now: open, not yet open, or closed. */
function RoundStatus({ round, now }: { round: Round; now: number }) {
  if (round.is_open) return <span className="badge badge-success">Open now</span>;
  if (Date.parse(round.opens_at) > now) return <span className="badge badge-warning">Upcoming</span>;
  return <span className="badge">Closed</span>;
}

const applicationsLink = (round: Round) =>
  round.applications === 1 ? '1 application' : `${round.applications} applications`;

/** `/admin/rounds`: the recruitment rounds (docs/decisions/0121-recruitment-rounds.md), opened, changed and closed by the board. */
export function RoundsPage() {
  usePageTitle('Rounds');
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
  const onClose = (round: Round) =>
    confirmation.ask({
      title: `Close ${round.name}?`,
      consequence: (
        <p>
          Candidates can no longer apply in this round from now on. Its applications stay as they are, and the board
          goes on reviewing them.
        </p>
      ),
      confirmLabel: 'Close round',
      danger: true,
      onConfirm: () => {
        setClosed(null);
        close.mutate(
          { kind: 'update', id: round.id, body: { closes_at: new Date().toISOString() } },
          { onSuccess: () => setClosed(`${round.name} is closed: it takes no more applications.`) },
        );
      },
    });
  const rows = rounds.data?.data;

  return (
    <AdminList
      title="Rounds"
      lead="Candidates apply while a round is open and applications are open in the settings. Rounds never overlap."
      actions={
        <button type="button" className="btn" onClick={() => setEditing('new')}>
          Open a round
        </button>
      }
      list={{ ...rounds, data: rows && { data: rows, total: rows.length } }}
      loading="Loading rounds"
      failed="Failed to load rounds"
      notices={
        <>
          <Notice text={close.isError && `Failed to close the round: ${errorMessage(close.error, 'Unknown error')}`} />
          <p role="status" ref={outcome} tabIndex={-1} className="rounds-outcome">
            {closed}
          </p>
        </>
      }
      empty={<p className="empty-state">No round yet: open one and candidates can apply.</p>}
      dialog={
        confirmation.dialog ??
        (editing && <RoundFormModal round={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />)
      }
    >
      {(list) => (
        <ul className="card-grid">
          {list.map((round) => (
            <li key={round.id} className="card stack">
              <div className="row">
                <h2 className="card-title round-name">{round.name}</h2>
                <RoundStatus round={round} now={now} />
              </div>
              <dl className="detail-grid">
                <dt>Opens</dt>
                <dd>{formatDateTime(round.opens_at)}</dd>
                <dt>Closes</dt>
                <dd>{round.closes_at ? formatDateTime(round.closes_at) : 'When the board closes it'}</dd>
                <dt>Applications</dt>
                <dd>
                  <Link to={`/admin/applications?round_id=${round.id}`}>
                    {applicationsLink(round)}
                    <span className="visually-hidden"> in {round.name}</span>
                  </Link>
                </dd>
              </dl>
              <div className="row">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(round)}>
                  Edit<span className="visually-hidden"> {round.name}</span>
                </button>
                {round.is_open && (
                  <button
                    type="button"
                    className="btn btn-danger btn-small"
                    disabled={close.isPending}
                    onClick={() => onClose(round)}
                  >
                    Close now<span className="visually-hidden"> {round.name}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminList>
  );
}

export default RoundsPage;
