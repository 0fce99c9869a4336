import { Trans, useLingui } from '@lingui/react/macro';
import type { MyTeamResults } from '../../../contract/hackathon';
import { INTL_LOCALES } from '../../../contract/i18n';
import type { Locale } from '../../../contract/locales';
import { formatDateTime } from '../../lib/format';
import './hackathon.css';

/**
 * The team's published results on the tracker (spec §14, decision 0175): the score of each
 * criterion on its own scale ("7.5 / 10"), the score as a percentage, the XP, and the judges'
 * comments, which the server sends without their authors.
 */
export function TeamResults({ results }: { results: MyTeamResults }) {
  const { i18n } = useLingui();
  const locale = INTL_LOCALES[i18n.locale as Locale] ?? INTL_LOCALES.en;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(results.score);
  const xp = results.xp ?? 0;
  const published = formatDateTime(results.published_at);
  return (
    <section className="team-results stack" aria-labelledby="team-results-title">
      <h4 id="team-results-title">
        <Trans>Your team’s results</Trans>
      </h4>
      <p className="muted">
        <Trans>Published on {published}.</Trans>
      </p>
      <p className="team-results-total">
        <Trans>
          Score: <strong>{percent}</strong> · <strong>{xp} XP</strong> for each member
        </Trans>
      </p>
      <table className="team-results-criteria">
        <caption className="visually-hidden">
          <Trans>The judges’ mean score for each criterion</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Criterion</Trans>
            </th>
            <th scope="col">
              <Trans>Mean score</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {results.criteria.map((criterion) => (
            <tr key={criterion.key}>
              <th scope="row" dir="auto">
                {criterion.name}
              </th>
              <td>
                <bdi>
                  {number.format(criterion.mean)} / {number.format(criterion.max)}
                </bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h5>
        <Trans>The judges’ comments</Trans>
      </h5>
      {results.comments.length === 0 ? (
        <p className="muted">
          <Trans>The judges left no comment.</Trans>
        </p>
      ) : (
        <ul className="team-results-comments">
          {results.comments.map((comment, i) => (
            <li key={i} dir="auto">
              {comment}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
