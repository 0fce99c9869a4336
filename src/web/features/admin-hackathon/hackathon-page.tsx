import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { HACKATHON_TEAM_SIZE, MAX_HACKATHON_XP } from '../../../contract/constants';
import { teamDisplayName, type HackathonEvent, type Team } from '../../../contract/hackathon';
import { useConfirmation } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { errorMessage } from '../../lib/api-client';
import { focusPageHeading } from '../../lib/focus';
import { formatDateTimeRange } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import {
  useAssignTeams,
  useCreateTeam,
  useDeleteHackathonEvent,
  useDeleteTeam,
  useHackathonAdmin,
  useRefreshHackathonAdmin,
  useSetTeamXp,
} from './api';
import { EventForm } from './event-form';
import '../admin-shared.css';
import './hackathon-admin.css';

function TeamXp({ team, event }: { team: Team; event?: HackathonEvent }) {
  const { t } = useLingui();
  const [xp, setXp] = useState(team.hackathon_xp === null ? '' : String(team.hackathon_xp));
  const save = useSetTeamXp();
  const [openedAt] = useState(() => Date.now());
  const over = event ? Date.parse(event.end_at) <= openedAt : false;
  return (
    <form
      className="row team-xp"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: team.id, xp: xp === '' ? null : Number(xp) });
      }}
    >
      <label htmlFor={`team-xp-${team.id}`}>
        <Trans>Team XP (0-{MAX_HACKATHON_XP})</Trans>
      </label>
      <input
        id={`team-xp-${team.id}`}
        className="input"
        type="number"
        min={0}
        max={MAX_HACKATHON_XP}
        value={xp}
        disabled={!over}
        onChange={(e) => setXp(e.target.value)}
      />
      <button type="submit" className="btn btn-secondary btn-small" disabled={!over || save.isPending}>
        <Trans>Save</Trans>
      </button>
      {!over && (
        <span className="muted">
          <Trans>after the event</Trans>
        </span>
      )}
      {save.isError && (
        <span className="error-text" role="alert">
          {errorMessage(save.error, t`Failed to save team XP`)}
        </span>
      )}
    </form>
  );
}

/** Hackathon admin (docs/product.md#hackathon-admin): events, pending registrations with team creation, teams. */
export function HackathonPage() {
  const { t } = useLingui();
  usePageTitle(t`Hackathon`);
  const [alert, setAlert] = useState<string | null>(null);
  const [eventId, setEventId] = useState<number | ''>('');
  const [members, setMembers] = useState<Set<number>>(new Set());
  const [teamName, setTeamName] = useState('');
  const data = useHackathonAdmin();
  const refresh = useRefreshHackathonAdmin();
  const events = data.data?.events ?? [];
  const chosenEvent = eventId || (events.length === 1 ? events[0]!.id : '');

  const chosen = members.size;
  const createTeam = useCreateTeam();
  const assign = useAssignTeams();
  const removeEvent = useDeleteHackathonEvent();
  const removeTeam = useDeleteTeam();
  const onAssign = (id: number) =>
    assign.mutate(id, {
      onSuccess: (result) => {
        const created = result.teams.length;
        const left = result.left_pending;
        setAlert(
          left
            ? plural(created, {
                one: `# team created, ${left} left pending (max teams reached).`,
                other: `# teams created, ${left} left pending (max teams reached).`,
              })
            : plural(created, { one: '# team created.', other: '# teams created.' }),
        );
      },
      onError: (error) => {
        const reason = errorMessage(error, t`Unknown error`);
        setAlert(t`Failed to auto-assign: ${reason}`);
      },
    });
  const confirmation = useConfirmation();
  const confirmAssign = (id: number) => {
    const name = events.find((candidate) => candidate.id === id)?.name;
    const waiting = (data.data?.registrations ?? []).filter((registration) => registration.event_id === id).length;
    confirmation.ask({
      title: name ? t`Auto-assign the teams of ${name}?` : t`Auto-assign the teams of this event?`,
      consequence: (
        <p>
          <Plural
            value={waiting}
            _0="Nobody is waiting for a team: no team will be created."
            one="The one person waiting for a team is put into a team and gets an email naming it."
            other={`The # people waiting for a team are put into teams of ${HACKATHON_TEAM_SIZE}, and each of them gets an email naming their team.`}
          />
        </p>
      ),
      confirmLabel: t`Auto-assign Teams`,
      onConfirm: () => onAssign(id),
    });
  };
  const onCreateTeam = (eventId: number) =>
    createTeam.mutate(
      { event_id: eventId, member_user_ids: [...members], name: teamName.trim() || null },
      {
        onSuccess: () => {
          setMembers(new Set());
          setTeamName('');
          setAlert(null);
        },
        onError: (error) => {
          const reason = errorMessage(error, t`Unknown error`);
          setAlert(t`Failed to create team: ${reason}`);
        },
      },
    );

  // The chosen event narrows both lists.
  const registrations = (data.data?.registrations ?? []).filter((r) => !chosenEvent || r.event_id === chosenEvent);
  const teams = (data.data?.teams ?? []).filter((team) => !chosenEvent || team.event_id === chosenEvent);
  return (
    <div>
      <div className="admin-toolbar">
        <h1>
          <Trans>Hackathon</Trans>
        </h1>
        <div className="row">
          <label className="field inline-field">
            <span>
              <Trans>Event</Trans>
            </span>
            <select
              className="input"
              value={chosenEvent}
              onChange={(e) => setEventId(e.target.value ? Number(e.target.value) : '')}
            >
              <option value="">{events.length ? t`Select an event` : t`No events`}</option>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-secondary" onClick={() => refresh()} disabled={data.isFetching}>
            <Trans>Refresh</Trans>
          </button>
          <button
            type="button"
            className="btn"
            disabled={assign.isPending}
            onClick={() => (chosenEvent ? confirmAssign(chosenEvent) : setAlert(t`Select an event first`))}
          >
            <Trans>Auto-assign Teams</Trans>
          </button>
        </div>
      </div>
      {alert && (
        <p className="alert alert-info" role="alert">
          {alert}
        </p>
      )}
      {data.error ? (
        // A failed load stands alone: no empty columns, no forms beside it.
        <LoadError error={data.error} fallback={t`Failed to load hackathon data`} onRetry={data.refetch} />
      ) : data.isPending ? (
        <Spinner label={t`Loading hackathon data`} />
      ) : (
        <div className="hackathon-columns">
          <section className="card stack" aria-labelledby="events-title">
            <h2 id="events-title">
              <Trans>Events</Trans>
            </h2>
            {events.length === 0 && (
              <p className="muted">
                <Trans>No events yet.</Trans>
              </p>
            )}
            <ul className="plain-list event-admin-list">
              {events.map((event) => {
                const registered = event.registrations_count;
                const teamsCount = event.teams_count;
                const max = event.max_teams;
                const name = event.name;
                return (
                  <li key={event.id}>
                    <strong dir="auto">{event.name}</strong>
                    <div className="muted">
                      {formatDateTimeRange(event.start_at, event.end_at)}
                      <br />
                      {max ? (
                        <Trans>
                          {registered} registered · {teamsCount} teams (max {max})
                        </Trans>
                      ) : (
                        <Trans>
                          {registered} registered · {teamsCount} teams
                        </Trans>
                      )}
                    </div>
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      onClick={() =>
                        confirmation.ask({
                          title: t`Delete ${name}?`,
                          consequence: (
                            <p>
                              {teamsCount ? (
                                <Trans>
                                  This event has {teamsCount} teams and {registered} registrations. Delete it with all
                                  of them?
                                </Trans>
                              ) : (
                                <Trans>Are you sure you want to delete this event?</Trans>
                              )}
                            </p>
                          ),
                          confirmLabel: t`Delete event`,
                          danger: true,
                          onConfirm: () =>
                            removeEvent.mutate(event.id, {
                              onSuccess: () => focusPageHeading(),
                              onError: (error) => setAlert(errorMessage(error, t`Failed to delete event`)),
                            }),
                        })
                      }
                    >
                      <Trans>Delete</Trans>
                    </button>
                  </li>
                );
              })}
            </ul>
            <EventForm />
          </section>
          <section className="card stack" aria-labelledby="registrations-title">
            <h2 id="registrations-title">
              <Trans>Pending registrations</Trans>
            </h2>
            {registrations.length === 0 ? (
              <p className="muted">
                <Trans>Nobody is waiting for a team.</Trans>
              </p>
            ) : (
              <fieldset className="registrant-list">
                <legend className="visually-hidden">
                  <Trans>Registrants for the new team</Trans>
                </legend>
                {registrations.map((registration) => (
                  <label key={registration.id} className="row checkbox">
                    <input
                      type="checkbox"
                      checked={members.has(registration.user_id)}
                      onChange={() => {
                        const next = new Set(members);
                        if (next.has(registration.user_id)) next.delete(registration.user_id);
                        else next.add(registration.user_id);
                        setMembers(next);
                      }}
                    />
                    <span>
                      <bdi>@{registration.user.intra_login}</bdi>{' '}
                      <span className="muted">
                        · <bdi>{registration.event.name}</bdi>
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            <form
              className="stack-tight"
              onSubmit={(e) => {
                e.preventDefault();
                if (!chosenEvent) return setAlert(t`Select an event first`);
                if (members.size === 0) return setAlert(t`Failed to create team: select at least one registrant`);
                onCreateTeam(chosenEvent);
              }}
            >
              <div className="field">
                <label htmlFor="team-name">
                  <Trans>Team name (optional)</Trans>
                </label>
                <input id="team-name" value={teamName} onChange={(e) => setTeamName(e.target.value)} />
              </div>
              <button
                type="submit"
                className="btn"
                disabled={createTeam.isPending || members.size === 0 || !chosenEvent}
              >
                <Trans>Create team ({chosen}/4)</Trans>
              </button>
            </form>
          </section>
          <section className="card stack" aria-labelledby="teams-title">
            <h2 id="teams-title">
              <Trans>Teams</Trans>
            </h2>
            {teams.length === 0 && (
              <p className="muted">{chosenEvent ? t`No teams for this event yet.` : t`No teams yet.`}</p>
            )}
            <ul className="plain-list team-admin-list">
              {teams.map((team) => {
                const name = teamDisplayName(team.name);
                return (
                  <li key={team.id}>
                    <div className="row">
                      <strong dir="auto">{name}</strong>
                      <span className="muted" dir="auto">
                        {events.find((e) => e.id === team.event_id)?.name}
                      </span>
                    </div>
                    <ul className="login-list muted">
                      {team.members.map((member) => (
                        <li key={member.user_id}>
                          <bdi>@{member.intra_login}</bdi>
                        </li>
                      ))}
                    </ul>
                    <TeamXp team={team} event={events.find((e) => e.id === team.event_id)} />
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() =>
                        confirmation.ask({
                          title: t`Delete ${name}?`,
                          consequence: (
                            <p>
                              <Trans>Its members go back to pending and can be seated in another team.</Trans>
                            </p>
                          ),
                          confirmLabel: t`Delete team`,
                          danger: true,
                          onConfirm: () =>
                            removeTeam.mutate(team.id, {
                              onSuccess: () => focusPageHeading(),
                              onError: (error) => setAlert(errorMessage(error, t`Failed to delete team`)),
                            }),
                        })
                      }
                    >
                      <Trans>Delete team</Trans>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        </div>
      )}
      {confirmation.dialog}
    </div>
  );
}

export default HackathonPage;
