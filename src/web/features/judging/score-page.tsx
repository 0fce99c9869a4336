import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Criterion, Judging } from '../../../contract/hackathon';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useJudging, useScoreTeam } from './api';
import { scoringAction } from './scoring-keys';
import './judging.css';
import { ProjectContent } from '../hackathon/api';

type Team = Judging['teams'][number];
type Draft = { scores: Record<string, number>; comment: string };

const COMMENT_MAX = 2000;

/** What the judge gave the team, or every criterion at 0 for a team not scored yet. */
const draftOf = (team: Team, criteria: Criterion[]): Draft => ({
  scores: Object.fromEntries(criteria.map((c) => [c.key, team.my_score?.scores[c.key] ?? 0])),
  comment: team.my_score?.comment ?? '',
});

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));

/** One criterion: a slider from 0 to its max (arrow keys), and a number field of the same value. */
function CriterionInput({
  criterion,
  index,
  value,
  disabled,
  onChange,
}: {
  criterion: Criterion;
  index: number;
  value: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const { t } = useLingui();
  const { name, max, weight } = criterion;
  const key = index + 1;
  return (
    <div className="score-criterion">
      <label htmlFor={`criterion-${criterion.key}`} className="score-criterion-label">
        <kbd>{key}</kbd> <bdi>{name}</bdi>{' '}
        <span className="muted">
          <Trans>
            (out of {max}, weight {weight})
          </Trans>
        </span>
      </label>
      <div className="score-criterion-inputs">
        <input
          id={`criterion-${criterion.key}`}
          type="range"
          min={0}
          max={max}
          step={1}
          value={value}
          disabled={disabled}
          onChange={(change) => onChange(Number(change.target.value))}
        />
        <input
          type="number"
          className="input score-number"
          aria-label={t`${name}, out of ${max}`}
          min={0}
          max={max}
          step={1}
          value={value}
          disabled={disabled}
          onChange={(change) => onChange(clamp(Number(change.target.value), max))}
        />
      </div>
    </div>
  );
}

/** A team's project as the team wrote it: title, Markdown description, links. */
function ProjectView({ team }: { team: Team }) {
  const project = team.project;
  const logins = team.members.map((member) => `@${member.intra_login}`).join(', ');
  return (
    <article className="score-project card stack-tight">
      <p className="muted score-members">
        <Trans>
          Members: <bdi>{logins}</bdi>
        </Trans>
      </p>
      {!project ? (
        <p className="muted">
          <Trans>This team wrote no project.</Trans>
        </p>
      ) : (
        <>
          <h3 dir="auto">{project.title}</h3>
          <ProjectContent project={project} />
        </>
      )}
    </article>
  );
}

/** The other judges' scores of the team, once the route gives them. */
function OtherScores({ team, criteria }: { team: Team; criteria: Criterion[] }) {
  const others = team.other_scores;
  if (!others) return null;
  return (
    <section className="stack-tight" aria-labelledby="other-scores-heading">
      <h3 id="other-scores-heading">
        <Trans>The other judges&apos; scores</Trans>
      </h3>
      {others.length === 0 ? (
        <p className="muted">
          <Trans>No other judge has scored this team.</Trans>
        </p>
      ) : (
        <ul className="score-others">
          {others.map((other) => (
            <li key={other.judge.id}>
              <bdi>@{other.judge.intra_login}</bdi>:{' '}
              {criteria.map((c, i) => (
                <span key={c.key}>
                  {i > 0 && ', '}
                  <bdi>
                    {c.name} {other.scores[c.key] ?? '–'}/{c.max}
                  </bdi>
                </span>
              ))}
              {other.comment && (
                <p className="score-comment" dir="auto">
                  {other.comment}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `/judge/score?event=ID` (spec §14, decision 0176): a judge scores the teams of an event, made for
 * a laptop on a table of projects: the teams in the judging route's order at the side, the project
 * beside one slider per criterion, and the keyboard first (`n`/`p`, `1`..`8`, `s`). What is typed
 * for each team is kept while the judge moves between teams, and after a refusal.
 */
export function ScorePage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const eventId = Number(params.get('event')) || 0;
  const judging = useJudging(eventId);
  const save = useScoreTeam(eventId);
  const [current, setCurrent] = useState(0);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const data = judging.data;
  const teams = data?.teams ?? [];
  const criteria = data?.rubric.criteria ?? [];
  const team = teams[Math.min(current, teams.length - 1)];
  const draft = team ? (drafts[team.id] ?? draftOf(team, criteria)) : null;
  const published = Boolean(data?.event.results_published_at);
  const opensAt = data ? Date.parse(data.event.end_at) : 0;
  const [now, setNow] = useState(() => Date.now());
  const beforeEnd = now < opensAt;
  const locked = published || beforeEnd;

  // Scoring opens at the event's end: the page opens it then without a reload.
  useEffect(() => {
    if (!beforeEnd) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(opensAt - now + 500, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [beforeEnd, opensAt, now]);

  const go = (index: number) => {
    if (index < 0 || index >= teams.length) return;
    setCurrent(index);
    setOutcome(null);
  };
  const change = (next: Partial<Draft>) => {
    if (!team || !draft) return;
    setDrafts({ ...drafts, [team.id]: { ...draft, ...next } });
  };
  const submit = (formEvent?: FormEvent) => {
    formEvent?.preventDefault();
    if (!team || !draft || locked || save.isPending) return;
    const name = team.name;
    save.mutate(
      { teamId: team.id, scores: draft.scores, comment: draft.comment.trim() || null },
      {
        onSuccess: () => setOutcome({ ok: true, text: t`Score of ${name} saved.` }),
        onError: (error) => setOutcome({ ok: false, text: errorMessage(error, t`The score could not be saved.`) }),
      },
    );
  };

  // The screen's keys, wherever the focus is but in a field one types into (scoring-keys.ts).
  const keys = useRef({ go, submit, current, count: criteria.length });
  useEffect(() => {
    keys.current = { go, submit, current, count: criteria.length };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { go, submit, current, count } = keys.current;
      const action = scoringAction(event, count);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'next') go(current + 1);
      else if (action.kind === 'previous') go(current - 1);
      else if (action.kind === 'save') submit();
      else form.current?.querySelectorAll<HTMLInputElement>('input[type="range"]')[action.index]?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const eventName = data?.event.name ?? '';
  const end = data ? formatDateTime(data.event.end_at) : '';
  const scored = data?.progress.scored ?? 0;
  const total = data?.progress.with_project ?? 0;
  const position = Math.min(current, teams.length - 1) + 1;
  const count = teams.length;
  const teamName = team?.name ?? '';
  return (
    <div className="wrap page stack score-page">
      <p>
        <Link to="/judge">
          <Trans>Back to judging</Trans>
        </Link>
      </p>
      {!eventId ? (
        <p className="alert" role="alert">
          <Trans>This event does not exist, or you are not one of its judges.</Trans>
        </p>
      ) : judging.isPending ? (
        <Spinner label={t`Loading the teams`} />
      ) : judging.error ? (
        <LoadError error={judging.error} fallback={t`Failed to load the teams`} onRetry={judging.refetch} />
      ) : (
        <>
          <h1>
            <Trans>
              Scoring: <bdi>{eventName}</bdi>
            </Trans>
          </h1>
          <p className="score-progress" role="status">
            <Trans>
              {scored} of {total} teams scored
            </Trans>
          </p>
          {published ? (
            <p className="alert alert-info">
              <Trans>The results are published: the scores can no longer change.</Trans>
            </p>
          ) : beforeEnd ? (
            <p className="alert alert-info">
              <Trans>Scoring opens at the end of the event, on {end}.</Trans>
            </p>
          ) : null}
          <p className="hint score-keys">
            <Trans>
              Keys: <kbd>N</kbd> next team, <kbd>P</kbd> previous team, <kbd>1</kbd>–<kbd>8</kbd> a criterion, the arrow
              keys change it, <kbd>S</kbd> save. Not while typing in the comment or a number.
            </Trans>
          </p>
          {!team || !draft ? (
            <p className="muted">
              <Trans>This event has no team yet.</Trans>
            </p>
          ) : (
            <div className="score-layout">
              <nav className="score-teams" aria-label={t`Teams`}>
                <ol>
                  {teams.map((each, index) => (
                    <li key={each.id}>
                      <button
                        type="button"
                        className="score-team-button"
                        aria-current={index === position - 1 ? 'true' : undefined}
                        onClick={() => go(index)}
                      >
                        <bdi>{each.name}</bdi>
                        {each.my_score && (
                          <span className="score-mark">
                            <span aria-hidden="true">✓</span>
                            <span className="visually-hidden">{t`scored`}</span>
                          </span>
                        )}
                      </button>
                    </li>
                  ))}
                </ol>
              </nav>
              <section className="score-current stack" aria-labelledby="score-team-heading">
                <div className="row score-team-head">
                  <h2 id="score-team-heading" dir="auto">
                    {teamName}
                  </h2>
                  <span className="muted" aria-live="polite">
                    <Trans>
                      Team {position} of {count}
                    </Trans>
                  </span>
                  <span className="row score-team-nav">
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={position === 1}
                      onClick={() => go(position - 2)}
                    >
                      <Trans>Previous team</Trans>
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={position === count}
                      onClick={() => go(position)}
                    >
                      <Trans>Next team</Trans>
                    </button>
                  </span>
                </div>
                <div className="score-columns">
                  <ProjectView team={team} />
                  <form ref={form} className="score-form card stack" onSubmit={submit} aria-label={t`Your score`}>
                    {criteria.map((criterion, index) => (
                      <CriterionInput
                        key={criterion.key}
                        criterion={criterion}
                        index={index}
                        value={draft.scores[criterion.key] ?? 0}
                        disabled={locked}
                        onChange={(value) => change({ scores: { ...draft.scores, [criterion.key]: value } })}
                      />
                    ))}
                    <label htmlFor="score-comment">
                      <Trans>Comment (optional)</Trans>
                    </label>
                    <textarea
                      id="score-comment"
                      className="input"
                      dir="auto"
                      rows={4}
                      maxLength={COMMENT_MAX}
                      value={draft.comment}
                      readOnly={locked}
                      onChange={(typed) => change({ comment: typed.target.value })}
                    />
                    <p className="hint">
                      <bdi dir="ltr">
                        {draft.comment.length} / {COMMENT_MAX}
                      </bdi>
                    </p>
                    {!locked && (
                      <button type="submit" className="btn" disabled={save.isPending}>
                        <Trans>Save the score</Trans>
                      </button>
                    )}
                    <div role="status">{outcome?.ok && <p className="score-saved">{outcome.text}</p>}</div>
                    {outcome && !outcome.ok && (
                      <p className="alert" role="alert">
                        {outcome.text}
                      </p>
                    )}
                  </form>
                </div>
                <OtherScores team={team} criteria={criteria} />
              </section>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export default ScorePage;
