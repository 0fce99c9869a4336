import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { HACKATHON_TEAM_SIZE, MAX_HACKATHON_XP } from '../../../contract/constants';
import {
  teamBodySchema,
  teamDisplayName,
  teamUpdateSchema,
  type AssignPreview,
  type HackathonEvent,
  type Team,
} from '../../../contract/hackathon';
import { useConfirmation } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { errorMessage } from '../../lib/api-client';
import { focusPageHeading } from '../../lib/focus';
import { contractResolver } from '../../lib/form';
import { formatDateTimeRange } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import {
  useAssignPreview,
  useAssignTeams,
  useCreateTeam,
  useDeleteHackathonEvent,
  useDeleteTeam,
  useHackathonAdmin,
  usePendingRegistrations,
  useRefreshHackathonAdmin,
  useSetTeamXp,
} from './api';
import { EventForm } from './event-form';
import '../../components/admin.css';
import './hackathon-admin.css';

type XpDraft = { hackathon_xp: string };

/** The XP as the API takes it: none when the box is empty. */
const xpInput = (draft: XpDraft) => ({ hackathon_xp: draft.hackathon_xp === '' ? null : Number(draft.hackathon_xp) });

/** A team's hackathon XP, given once the event is over, judged by the API's schema of a team change. */
function TeamXp({ team, event }: { team: Team; event?: HackathonEvent }) {
  const { t } = useLingui();
  const save = useSetTeamXp();
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { hackathon_xp: team.hackathon_xp === null ? '' : String(team.hackathon_xp) },
    resolver: contractResolver(teamUpdateSchema, xpInput),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [openedAt] = useState(() => Date.now());
  const over = event ? Date.parse(event.end_at) <= openedAt : false;
  const refused = formState.errors.hackathon_xp?.message;
  const failure = refused ?? (save.isError ? errorMessage(save.error, t`Failed to save team XP`) : undefined);
  const id = `team-xp-${team.id}`;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    save.reset();
    return handleSubmit(({ hackathon_xp }) => save.mutate({ id: team.id, xp: hackathon_xp ?? null }))(e);
  };
  return (
    <form className="row team-xp" onSubmit={onSubmit}>
      <label htmlFor={id}>
        <Trans>Team XP (0-{MAX_HACKATHON_XP})</Trans>
      </label>
      <input
        id={id}
        className="input"
        type="number"
        min={0}
        max={MAX_HACKATHON_XP}
        disabled={!over}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? `${id}-error` : undefined}
        {...register('hackathon_xp')}
      />
      <button type="submit" className="btn btn-secondary btn-small" disabled={!over || save.isPending}>
        <Trans>Save</Trans>
      </button>
      {!over && (
        <span className="muted">
          <Trans>after the event</Trans>
        </span>
      )}
      {failure && (
        <span className="error-text" role="alert" id={`${id}-error`}>
          {failure}
        </span>
      )}
    </form>
  );
}

/**
 * A team of the registrants chosen in the list above (`members`) for the event chosen, and the
 * name the board may give it: judged by the API's schema of a new team. A refusal is said in the
 * page's alert (`onAlert`), as before; the name's own goes under it.
 */
function CreateTeamForm({
  eventId,
  members,
  onCreated,
  onAlert,
}: {
  eventId: number | '';
  members: ReadonlySet<number>;
  onCreated: () => void;
  onAlert: (sentence: string | null) => void;
}) {
  const { t } = useLingui();
  const createTeam = useCreateTeam();
  const { register, handleSubmit, reset, formState } = useForm({
    defaultValues: { name: '' },
    // Made at each render (react-hook-form takes the latest), so it reads the members chosen now.
    resolver: contractResolver(teamBodySchema, (draft: { name: string }) => ({
      name: draft.name,
      member_user_ids: [...members],
      event_id: eventId,
    })),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const chosen = members.size;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!eventId) {
      e.preventDefault();
      return onAlert(t`Select an event first`);
    }
    if (members.size === 0) {
      e.preventDefault();
      return onAlert(t`Failed to create team: select at least one registrant`);
    }
    return handleSubmit(
      (body) =>
        createTeam.mutate(
          { ...body, name: body.name ?? null },
          {
            onSuccess: () => {
              reset();
              onCreated();
            },
            onError: (error) => {
              const reason = errorMessage(error, t`Unknown error`);
              onAlert(t`Failed to create team: ${reason}`);
            },
          },
        ),
      (refusal) => {
        // The chosen members are not a field of this form: their refusal goes to the page's alert.
        const others = refusal as Record<string, { message?: string } | undefined>;
        const reason = others.member_user_ids?.message ?? others.event_id?.message;
        if (reason) onAlert(t`Failed to create team: ${reason}`);
      },
    )(e);
  };
  return (
    <form className="stack-tight" onSubmit={onSubmit}>
      <Field id="team-name" label={t`Team name (optional)`} error={errors.name?.message}>
        {(control) => <input {...control} {...register('name')} />}
      </Field>
      <button type="submit" className="btn" disabled={createTeam.isPending || members.size === 0 || !eventId}>
        <Trans>Create team ({chosen}/4)</Trans>
      </button>
    </form>
  );
}

/** What auto-assign will do, in the server's own numbers (decision 0145). */
function AssignConsequence({ plan }: { plan: AssignPreview }) {
  const { waiting, teams, seated, left_pending: left } = plan;
  const size = HACKATHON_TEAM_SIZE;
  if (waiting === 0) {
    return (
      <p>
        <Trans>Nobody is waiting for a team: no team will be created.</Trans>
      </p>
    );
  }
  if (teams === 0) {
    return (
      <p>
        <Plural
          value={waiting}
          one="The event has all the teams it allows: the one person waiting stays waiting."
          other="The event has all the teams it allows: the # people waiting stay waiting."
        />
      </p>
    );
  }
  return (
    <>
      <p>
        {left === 0 ? (
          <Plural
            value={waiting}
            one="The one person waiting for a team is put into a team and gets an email naming it."
            other={`The # people waiting for a team are put into ${teams} teams of up to ${size}, and each of them gets an email naming their team.`}
          />
        ) : (
          <Plural
            value={teams}
            one={`${waiting} people are waiting, and the event allows one more team: ${seated} of them are put into it and get an email naming it; ${left} stay waiting.`}
            other={`${waiting} people are waiting, and the event allows # more teams: ${seated} of them are put into those teams and get an email naming theirs; ${left} stay waiting.`}
          />
        )}
      </p>
    </>
  );
}

/** Hackathon admin (docs/product/screens.md#hackathon-admin): events, pending registrations with team creation, teams. */
export function HackathonPage() {
  const { t } = useLingui();
  usePageTitle(t`Hackathon`);
  const [alert, setAlert] = useState<string | null>(null);
  const [eventId, setEventId] = useState<number | ''>('');
  const [members, setMembers] = useState<Set<number>>(new Set());
  const data = useHackathonAdmin();
  const refresh = useRefreshHackathonAdmin();
  const events = data.data?.events ?? [];
  const chosenEvent = eventId || (events.length === 1 ? events[0]!.id : '');
  const pending = usePendingRegistrations(chosenEvent);
  const preview = useAssignPreview();

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
  // The numbers come from the server, asked at the click: the same plan auto-assign then follows.
  const confirmAssign = (id: number) => {
    const name = events.find((candidate) => candidate.id === id)?.name;
    setAlert(null);
    preview.mutate(id, {
      onSuccess: (plan) =>
        confirmation.ask({
          title: name ? t`Auto-assign the teams of ${name}?` : t`Auto-assign the teams of this event?`,
          consequence: <AssignConsequence plan={plan} />,
          confirmLabel: t`Auto-assign Teams`,
          onConfirm: () => onAssign(id),
        }),
      onError: (error) => {
        const reason = errorMessage(error, t`Unknown error`);
        setAlert(t`Failed to auto-assign: ${reason}`);
      },
    });
  };
  // The chosen event narrows both lists; the registrations come from the server already narrowed.
  const registrations = pending.data?.data ?? [];
  const waitingTotal = pending.data?.total ?? 0;
  const shown = registrations.length;
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
            disabled={assign.isPending || preview.isPending}
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
                const waiting = event.waiting_count;
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
                          {registered} registered · {waiting} waiting for a team · {teamsCount} teams (max {max})
                        </Trans>
                      ) : (
                        <Trans>
                          {registered} registered · {waiting} waiting for a team · {teamsCount} teams
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
            {pending.error && (
              <LoadError error={pending.error} fallback={t`Failed to load hackathon data`} onRetry={pending.refetch} />
            )}
            {pending.isPending ? (
              <Spinner label={t`Loading hackathon data`} />
            ) : registrations.length === 0 ? (
              <p className="muted">
                <Trans>Nobody is waiting for a team.</Trans>
              </p>
            ) : (
              <p className="muted" role="status">
                {shown < waitingTotal ? (
                  <Trans>
                    {waitingTotal} waiting for a team; the first {shown} are listed here. Auto-assign seats them all.
                  </Trans>
                ) : (
                  <Plural value={waitingTotal} one="# waiting for a team." other="# waiting for a team." />
                )}
              </p>
            )}
            {registrations.length > 0 && (
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
            <CreateTeamForm
              eventId={chosenEvent}
              members={members}
              onCreated={() => {
                setMembers(new Set());
                setAlert(null);
              }}
              onAlert={setAlert}
            />
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
