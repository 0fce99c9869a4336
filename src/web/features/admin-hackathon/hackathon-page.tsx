import { i18n } from '@lingui/core';
import { useState, type FormEvent } from 'react';
import { HACKATHON_TEAM_SIZE, MAX_HACKATHON_XP } from '../../../contract/constants';
import { EVENT_REQUIRED_MESSAGE, type HackathonEvent, type Team } from '../../../contract/hackathon';
import { useConfirmation } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Field } from '../../components/field';
import { Spinner } from '../../components/loading-screen';
import { ApiError, errorMessage } from '../../lib/api-client';
import { focusPageHeading } from '../../lib/focus';
import {
  BROWSER_TIME_ZONE,
  DATE_TIME_HINT,
  DATE_TIME_INPUT,
  formatDateTime,
  fromLocalInput,
  readingDates,
} from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import {
  useAssignTeams,
  useCreateHackathonEvent,
  useCreateTeam,
  useDeleteHackathonEvent,
  useDeleteTeam,
  useHackathonAdmin,
  useRefreshHackathonAdmin,
  useSetTeamXp,
} from './api';
import '../admin-shared.css';
import './hackathon-admin.css';

/** The form's fields, by the API's names where they differ (start_at, end_at). */
const EVENT_FIELDS: Record<string, string> = { start_at: 'start', end_at: 'end' };

/** A new hackathon event; a refusal shows in the form, under the field it names (not at the top of the page). */
function EventForm() {
  const empty = { name: '', description: '', location: '', start: '', end: '', max_teams: '0' };
  const [form, setForm] = useState(empty);
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const create = useCreateHackathonEvent();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.start || !form.end)
      return setFailure({ message: EVENT_REQUIRED_MESSAGE, fields: {} });
    const { value: body, misread } = readingDates(() => ({
      name: form.name.trim(),
      description: form.description,
      location: form.location,
      start_at: fromLocalInput(form.start),
      end_at: fromLocalInput(form.end),
      max_teams: Number.parseInt(form.max_teams, 10) || 0,
    }));
    // A date that cannot be read is not sent: its field says how to type it.
    if (misread.size > 0) {
      const fields = Object.fromEntries([...misread].map(([path, format]) => [EVENT_FIELDS[path] ?? path, format]));
      return setFailure({ message: 'Failed to create event', fields });
    }
    create.mutate(body, {
      onSuccess: () => {
        setForm(empty);
        setFailure(null);
      },
      onError: (error) => {
        const details = error instanceof ApiError ? (error.details ?? []) : [];
        const fields = Object.fromEntries(
          details.map((detail) => [EVENT_FIELDS[detail.path] ?? detail.path, detail.message]),
        );
        setFailure({ message: errorMessage(error, 'Failed to create event'), fields });
      },
    });
  };
  const field = (name: keyof typeof form, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <Field id={`event-${name}`} label={label} hint={hint} error={failure?.fields[name]}>
      {(control) => (
        <input
          {...control}
          value={form[name]}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
          {...props}
        />
      )}
    </Field>
  );
  const onFields = failure && Object.keys(failure.fields).some((name) => name in empty);
  return (
    <form onSubmit={submit} className="stack-tight" noValidate>
      <h3>New event</h3>
      {failure && !onFields && (
        <p className="alert" role="alert">
          {failure.message}
        </p>
      )}
      {field('name', 'Name')}
      {field('description', 'Description')}
      {field('location', 'Location')}
      {field('start', 'Start', DATE_TIME_INPUT, `${i18n._(DATE_TIME_HINT)} Time zone: ${BROWSER_TIME_ZONE}.`)}
      {field('end', 'End', DATE_TIME_INPUT)}
      {field('max_teams', 'Max teams (0 = unlimited)', { type: 'number', min: 0 })}
      <button type="submit" className="btn" disabled={create.isPending}>
        Create event
      </button>
    </form>
  );
}

function TeamXp({ team, event }: { team: Team; event?: HackathonEvent }) {
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
      <label htmlFor={`team-xp-${team.id}`}>Team XP (0-{MAX_HACKATHON_XP})</label>
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
        Save
      </button>
      {!over && <span className="muted">after the event</span>}
      {save.isError && (
        <span className="error-text" role="alert">
          {errorMessage(save.error, 'Failed to save team XP')}
        </span>
      )}
    </form>
  );
}

/** Hackathon admin (docs/product.md#hackathon-admin): events, pending registrations with team creation, teams. */
export function HackathonPage() {
  usePageTitle('Hackathon');
  const [alert, setAlert] = useState<string | null>(null);
  const [eventId, setEventId] = useState<number | ''>('');
  const [members, setMembers] = useState<Set<number>>(new Set());
  const [teamName, setTeamName] = useState('');
  const data = useHackathonAdmin();
  const refresh = useRefreshHackathonAdmin();
  const events = data.data?.events ?? [];
  const chosenEvent = eventId || (events.length === 1 ? events[0]!.id : '');

  const createTeam = useCreateTeam();
  const assign = useAssignTeams();
  const removeEvent = useDeleteHackathonEvent();
  const removeTeam = useDeleteTeam();
  const onAssign = (id: number) =>
    assign.mutate(id, {
      onSuccess: (result) =>
        setAlert(
          `${result.teams.length} team${result.teams.length === 1 ? '' : 's'} created${result.left_pending ? `, ${result.left_pending} left pending (max teams reached)` : ''}.`,
        ),
      onError: (error) => setAlert(`Failed to auto-assign: ${errorMessage(error, 'Unknown error')}`),
    });
  const confirmation = useConfirmation();
  const confirmAssign = (id: number) => {
    const event = events.find((candidate) => candidate.id === id);
    const waiting = (data.data?.registrations ?? []).filter((registration) => registration.event_id === id).length;
    confirmation.ask({
      title: `Auto-assign the teams of ${event?.name ?? 'this event'}?`,
      consequence: (
        <p>
          {waiting === 0
            ? 'Nobody is waiting for a team: no team will be created.'
            : waiting === 1
              ? 'The one person waiting for a team is put into a team and gets an email naming it.'
              : `The ${waiting} people waiting for a team are put into teams of ${HACKATHON_TEAM_SIZE}, and each of them gets an email naming their team.`}
        </p>
      ),
      confirmLabel: 'Auto-assign Teams',
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
        onError: (error) => setAlert(`Failed to create team: ${errorMessage(error, 'Unknown error')}`),
      },
    );

  // The chosen event narrows both lists.
  const registrations = (data.data?.registrations ?? []).filter((r) => !chosenEvent || r.event_id === chosenEvent);
  const teams = (data.data?.teams ?? []).filter((team) => !chosenEvent || team.event_id === chosenEvent);
  return (
    <div>
      <div className="admin-toolbar">
        <h1>Hackathon</h1>
        <div className="row">
          <label className="field inline-field">
            <span>Event</span>
            <select
              className="input"
              value={chosenEvent}
              onChange={(e) => setEventId(e.target.value ? Number(e.target.value) : '')}
            >
              <option value="">{events.length ? 'Select an event' : 'No events'}</option>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-secondary" onClick={() => refresh()} disabled={data.isFetching}>
            Refresh
          </button>
          <button
            type="button"
            className="btn"
            disabled={assign.isPending}
            onClick={() => (chosenEvent ? confirmAssign(chosenEvent) : setAlert('Select an event first'))}
          >
            Auto-assign Teams
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
        <LoadError error={data.error} fallback="Failed to load hackathon data" onRetry={data.refetch} />
      ) : data.isPending ? (
        <Spinner label="Loading hackathon data" />
      ) : (
        <div className="hackathon-columns">
          <section className="card stack" aria-labelledby="events-title">
            <h2 id="events-title">Events</h2>
            {events.length === 0 && <p className="muted">No events yet.</p>}
            <ul className="plain-list event-admin-list">
              {events.map((event) => (
                <li key={event.id}>
                  <strong>{event.name}</strong>
                  <div className="muted">
                    {formatDateTime(event.start_at)} → {formatDateTime(event.end_at)}
                    <br />
                    {event.registrations_count} registered · {event.teams_count} teams
                    {event.max_teams ? ` (max ${event.max_teams})` : ''}
                  </div>
                  <button
                    type="button"
                    className="btn btn-danger btn-small"
                    onClick={() =>
                      confirmation.ask({
                        title: `Delete ${event.name}?`,
                        consequence: (
                          <p>
                            {event.teams_count
                              ? `This event has ${event.teams_count} teams and ${event.registrations_count} registrations. Delete it with all of them?`
                              : 'Are you sure you want to delete this event?'}
                          </p>
                        ),
                        confirmLabel: 'Delete event',
                        danger: true,
                        onConfirm: () =>
                          removeEvent.mutate(event.id, {
                            onSuccess: () => focusPageHeading(),
                            onError: (error) => setAlert(errorMessage(error, 'Failed to delete event')),
                          }),
                      })
                    }
                  >
                    Delete
                  </button>
                </li>
              ))}
            </ul>
            <EventForm />
          </section>
          <section className="card stack" aria-labelledby="registrations-title">
            <h2 id="registrations-title">Pending registrations</h2>
            {registrations.length === 0 ? (
              <p className="muted">Nobody is waiting for a team.</p>
            ) : (
              <fieldset className="registrant-list">
                <legend className="visually-hidden">Registrants for the new team</legend>
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
                      @{registration.user.intra_login} <span className="muted">· {registration.event.name}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            <form
              className="stack-tight"
              onSubmit={(e) => {
                e.preventDefault();
                if (!chosenEvent) return setAlert('Select an event first');
                if (members.size === 0) return setAlert('Failed to create team: select at least one registrant');
                onCreateTeam(chosenEvent);
              }}
            >
              <div className="field">
                <label htmlFor="team-name">Team name (optional)</label>
                <input id="team-name" value={teamName} onChange={(e) => setTeamName(e.target.value)} />
              </div>
              <button
                type="submit"
                className="btn"
                disabled={createTeam.isPending || members.size === 0 || !chosenEvent}
              >
                Create team ({members.size}/4)
              </button>
            </form>
          </section>
          <section className="card stack" aria-labelledby="teams-title">
            <h2 id="teams-title">Teams</h2>
            {teams.length === 0 && (
              <p className="muted">{chosenEvent ? 'No teams for this event yet.' : 'No teams yet.'}</p>
            )}
            <ul className="plain-list team-admin-list">
              {teams.map((team) => (
                <li key={team.id}>
                  <div className="row">
                    <strong>{team.name}</strong>
                    <span className="muted">{events.find((e) => e.id === team.event_id)?.name}</span>
                  </div>
                  <div className="muted">{team.members.map((m) => `@${m.intra_login}`).join(', ')}</div>
                  <TeamXp team={team} event={events.find((e) => e.id === team.event_id)} />
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    onClick={() =>
                      confirmation.ask({
                        title: `Delete ${team.name}?`,
                        consequence: <p>Its members go back to pending and can be seated in another team.</p>,
                        confirmLabel: 'Delete team',
                        danger: true,
                        onConfirm: () =>
                          removeTeam.mutate(team.id, {
                            onSuccess: () => focusPageHeading(),
                            onError: (error) => setAlert(errorMessage(error, 'Failed to delete team')),
                          }),
                      })
                    }
                  >
                    Delete team
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
      {confirmation.dialog}
    </div>
  );
}

export default HackathonPage;
