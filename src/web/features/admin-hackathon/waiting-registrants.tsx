import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { HACKATHON_TEAM_SIZE } from '../../../contract/constants';
import {
  teamBodySchema,
  teamDisplayName,
  type AssignPreview,
  type HackathonEvent,
  type Team,
} from '../../../contract/hackathon';
import { useConfirmation } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { RowMenu } from '../../components/row-menu';
import { useUndo } from '../../components/undo-toast';
import { errorMessage } from '../../lib/api-client';
import { contractResolver } from '../../lib/form';
import {
  useAssignPreview,
  useAssignTeams,
  useCreateTeam,
  usePendingRegistrations,
  useSeatMember,
  useUnseatMember,
} from './api';

/**
 * A team of the registrants chosen in the list above (`members`) for the event, and the
 * name the board may give it: judged by the API's schema of a new team. A refusal is said in the
 * page's alert (`onAlert`), as before; the name's own goes under it.
 */
function CreateTeamForm({
  eventId,
  members,
  onCreated,
  onAlert,
}: {
  eventId: number;
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
      <button type="submit" className="btn" disabled={createTeam.isPending || members.size === 0}>
        <Trans>Create team ({chosen}/4)</Trans>
      </button>
    </form>
  );
}

/** What auto-assign will do, in the server's own numbers (decision 0145), with each team's size (issue 32). */
function AssignConsequence({ plan }: { plan: AssignPreview }) {
  const { waiting, teams, seated, left_pending: left, team_sizes } = plan;
  const sizes = team_sizes.join(', ');
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
      <p>
        <Plural value={teams} one={`Team size: ${sizes}.`} other={`Team sizes: ${sizes}.`} />
      </p>
      {team_sizes.includes(1) && (
        <p className="alert">
          <Trans>One person would be alone in a team. Confirm only if that is what you want.</Trans>
        </p>
      )}
    </>
  );
}

/**
 * "Add to team…" (issue 32): seats a waiting registrant in one of the event's teams, with its Undo
 * for a few seconds (the registrant waits again), as the moves of the team cards. A full team is
 * offered all the same, marked: the server's 409 says why it refuses, in the page's alert.
 */
function AddToTeam({
  login,
  userId,
  teams,
  onAlert,
}: {
  login: string;
  userId: number;
  teams: Team[];
  onAlert: (sentence: string | null) => void;
}) {
  const { t } = useLingui();
  const seatMember = useSeatMember();
  const unseatMember = useUnseatMember();
  const { offer } = useUndo();
  const add = (team: Team) => {
    const name = teamDisplayName(team.name);
    onAlert(null);
    // The promise, not mutate's callbacks: seated, the registrant leaves the waiting list and this
    // menu with them, and the callbacks of an unmounted menu never run (the toast was lost).
    seatMember.mutateAsync({ teamId: team.id, userId }).then(
      () =>
        offer({
          done: t`@${login} added to ${name}.`,
          undone: t`@${login} waits for a team again.`,
          undo: () => unseatMember.mutateAsync({ teamId: team.id, userId }),
        }),
      (error: unknown) => onAlert(errorMessage(error, t`@${login} could not be added to ${name}.`)),
    );
  };
  return (
    <RowMenu label={t`Add @${login} to a team`} summary={<Trans>Add to team…</Trans>}>
      {teams.map((team) => {
        const otherName = teamDisplayName(team.name);
        return (
          <button key={team.id} type="button" disabled={seatMember.isPending} onClick={() => add(team)}>
            {team.members.length >= HACKATHON_TEAM_SIZE ? (
              <Trans>
                To <bdi>{otherName}</bdi> (full)
              </Trans>
            ) : (
              <Trans>
                To <bdi>{otherName}</bdi>
              </Trans>
            )}
          </button>
        );
      })}
    </RowMenu>
  );
}

/**
 * The event's registrants waiting for a team (issue 32): pick some for a team made by hand, add
 * one to an existing team, or let auto-assign seat them all, after reading what it will do (the
 * sizes of the teams, and a warning when someone would be alone in a team of one).
 */
export function WaitingRegistrants({
  event,
  teams,
  onAlert,
}: {
  event: HackathonEvent;
  teams: Team[];
  onAlert: (sentence: string | null) => void;
}) {
  const { t } = useLingui();
  const [members, setMembers] = useState<Set<number>>(new Set());
  const [checkedInOnly, setCheckedInOnly] = useState(false);
  const pending = usePendingRegistrations(event.id);
  const preview = useAssignPreview();
  const assign = useAssignTeams();
  const confirmation = useConfirmation();
  const onAssign = () =>
    assign.mutate(
      { eventId: event.id, checkedInOnly },
      {
        onSuccess: (result) => {
          const created = result.teams.length;
          const left = result.left_pending;
          onAlert(
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
          onAlert(t`Failed to auto-assign: ${reason}`);
        },
      },
    );
  // The numbers come from the server, asked at the click: the same plan auto-assign then follows.
  const confirmAssign = () => {
    const name = event.name;
    onAlert(null);
    preview.mutate(
      { eventId: event.id, checkedInOnly },
      {
        onSuccess: (plan) =>
          confirmation.ask({
            title: t`Auto-assign the teams of ${name}?`,
            consequence: <AssignConsequence plan={plan} />,
            confirmLabel: plan.team_sizes.includes(1) ? t`Make a team of one` : t`Auto-assign Teams`,
            onConfirm: onAssign,
          }),
        onError: (error) => {
          const reason = errorMessage(error, t`Unknown error`);
          onAlert(t`Failed to auto-assign: ${reason}`);
        },
      },
    );
  };
  const registrations = pending.data?.data ?? [];
  const waitingTotal = pending.data?.total ?? 0;
  const shown = registrations.length;
  return (
    <>
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
      <div className="row">
        <label className="row checkbox">
          <input type="checkbox" checked={checkedInOnly} onChange={(e) => setCheckedInOnly(e.target.checked)} />
          <Trans>Checked-in people only</Trans>
        </label>
        <button
          type="button"
          className="btn"
          disabled={assign.isPending || preview.isPending || waitingTotal === 0}
          onClick={confirmAssign}
        >
          <Trans>Auto-assign Teams</Trans>
        </button>
      </div>
      {registrations.length > 0 && (
        <fieldset className="registrant-list">
          <legend>
            <Trans>Or pick the members of a new team</Trans>
          </legend>
          {registrations.map((registration) => (
            <div key={registration.id} className="row registrant-row">
              <label className="row checkbox">
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
                <bdi>@{registration.user.intra_login}</bdi>
                {registration.checked_in_at && (
                  <span className="badge">
                    <Trans>checked in</Trans>
                  </span>
                )}
              </label>
              {teams.length > 0 && (
                <AddToTeam
                  login={registration.user.intra_login}
                  userId={registration.user_id}
                  teams={teams}
                  onAlert={onAlert}
                />
              )}
            </div>
          ))}
        </fieldset>
      )}
      {registrations.length > 0 && (
        <CreateTeamForm
          eventId={event.id}
          members={members}
          onCreated={() => {
            setMembers(new Set());
            onAlert(null);
          }}
          onAlert={onAlert}
        />
      )}
      {confirmation.dialog}
    </>
  );
}
