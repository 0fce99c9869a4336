import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { teamDisplayName, type HackathonEvent } from '../../../contract/hackathon';
import { useConfirmation } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime, intlLocale } from '../../lib/format';
import { useHackathonResults, usePublishResults } from './api';

/**
 * The event's results (spec §14, decision 0175): the teams ranked with score, XP, judges and each
 * criterion's mean; each judge's mean, so a harsh or a lenient one shows; then "Publish results",
 * asked first, or the date they were published. A card per team where the table has no room.
 */
export function ResultsSection({ event }: { event: HackathonEvent }) {
  const { t } = useLingui();
  const results = useHackathonResults(event.id);
  const publish = usePublishResults();
  const confirmation = useConfirmation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const number = new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 1 });
  const name = event.name;

  if (results.isPending) return <Spinner label={t`Loading the results`} />;
  if (results.error) {
    return (
      <LoadError error={results.error} fallback={t`Failed to load the results`} onRetry={() => results.refetch()} />
    );
  }
  const { teams, judges, criteria, published_at: publishedAt } = results.data;
  const count = teams.length;
  const publishedOn = publishedAt ? formatDateTime(publishedAt) : '';
  return (
    <div className="stack">
      {count === 0 ? (
        <p className="muted">
          <Trans>No team has been scored yet.</Trans>
        </p>
      ) : (
        <div className="table-wrap data-table" tabIndex={0} role="region" aria-label={t`The teams ranked by score`}>
          <table className="results-table">
            <caption className="visually-hidden">
              <Trans>The teams ranked by score</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Rank</Trans>
                </th>
                <th scope="col">
                  <Trans>Team</Trans>
                </th>
                <th scope="col">
                  <Trans>Score</Trans>
                </th>
                <th scope="col">
                  <Trans>XP</Trans>
                </th>
                <th scope="col">
                  <Trans>Judges</Trans>
                </th>
                <th scope="col">
                  <Trans>Mean per criterion</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {teams.map((team) => (
                <tr key={team.id}>
                  <td>{team.rank}</td>
                  <th scope="row" dir="auto">
                    {teamDisplayName(team.name)}
                  </th>
                  <td data-label={t`Score`}>{percent.format(team.score)}</td>
                  <td data-label={t`XP`}>{team.xp}</td>
                  <td data-label={t`Judges`}>{team.judges}</td>
                  <td className="results-criteria-cell" data-label={t`Mean per criterion`}>
                    <ul className="results-criteria">
                      {criteria.map((criterion) => {
                        const mean = number.format(team.criteria[criterion.key] ?? 0);
                        const { name: criterionName, max } = criterion;
                        return (
                          <li key={criterion.key}>
                            <Trans>
                              <bdi>{criterionName}</bdi>: {mean} / {max}
                            </Trans>
                          </li>
                        );
                      })}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {judges.length > 0 && (
        <>
          <h3>
            <Trans>Each judge’s mean</Trans>
          </h3>
          <ul className="results-judges">
            {judges.map((judge) => {
              const mean = percent.format(judge.mean);
              const scored = judge.teams;
              return (
                <li key={judge.id}>
                  <bdi>@{judge.intra_login}</bdi>:{' '}
                  {plural(scored, { one: `${mean} over # team`, other: `${mean} over # teams` })}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {refusal && (
        <p className="alert" role="alert">
          {refusal}
        </p>
      )}
      {publishedAt ? (
        <p>
          <strong>
            <Trans>Published on {publishedOn}.</Trans>
          </strong>
        </p>
      ) : (
        <div className="row">
          <button
            type="button"
            className="btn"
            disabled={publish.isPending}
            onClick={() =>
              confirmation.ask({
                title: t`Publish the results of ${name}?`,
                consequence: (
                  <p>
                    <Trans>
                      Each of the {count} scored teams gets its XP, each member is emailed, and the teams read their
                      scores and the judges’ comments on their tracker. Scores then cannot change.
                    </Trans>
                  </p>
                ),
                confirmLabel: t`Publish results`,
                onConfirm: () => {
                  setRefusal(null);
                  publish.mutate(event.id, {
                    onError: (error) => setRefusal(errorMessage(error, t`Failed to publish the results`)),
                  });
                },
              })
            }
          >
            <Trans>Publish results</Trans>
          </button>
        </div>
      )}
      {confirmation.dialog}
    </div>
  );
}
