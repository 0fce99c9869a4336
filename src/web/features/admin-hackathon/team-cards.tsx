import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { HACKATHON_TEAM_SIZE, MAX_HACKATHON_XP } from '../../../contract/constants';
import { teamDisplayName, teamUpdateSchema, type HackathonEvent, type Team } from '../../../contract/hackathon';
import { Avatar } from '../../components/avatar';
import { useConfirmation } from '../../components/confirm-dialog';
import { RowMenu } from '../../components/row-menu';
import { useUndo } from '../../components/undo-toast';
import { errorMessage } from '../../lib/api-client';
import { focusPageHeading } from '../../lib/focus';
import { contractResolver } from '../../lib/form';
import { useDeleteTeam, useSeatMember, useSetTeamXp, useUnseatMember } from './api';

type XpDraft = { hackathon_xp: string; reason: string };

/** The XP as the API takes it: none when the box is empty; the reason when one is asked. */
const xpInput = (draft: XpDraft) => ({
  hackathon_xp: draft.hackathon_xp === '' ? null : Number(draft.hackathon_xp),
  ...(draft.reason.trim() ? { reason: draft.reason } : {}),
});

/** A team's hackathon XP, given once the event is over, judged by the API's schema of a team change. */
function TeamXp({ team, event }: { team: Team; event: HackathonEvent }) {
  const { t } = useLingui();
  const save = useSetTeamXp();
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { hackathon_xp: team.hackathon_xp === null ? '' : String(team.hackathon_xp), reason: '' },
    resolver: contractResolver(teamUpdateSchema, xpInput),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [openedAt] = useState(() => Date.now());
  const over = Date.parse(event.end_at) <= openedAt;
  // Once the results are published, a change of XP says why (spec §14): the server refuses it without.
  const published = event.results_published_at !== null;
  const refused = formState.errors.hackathon_xp?.message ?? formState.errors.reason?.message;
  const failure = refused ?? (save.isError ? errorMessage(save.error, t`Failed to save team XP`) : undefined);
  const id = `team-xp-${team.id}`;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    save.reset();
    return handleSubmit(({ hackathon_xp, reason }) => save.mutate({ id: team.id, xp: hackathon_xp ?? null, reason }))(
      e,
    );
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
      {published && (
        <>
          <label htmlFor={`${id}-reason`}>
            <Trans>Reason for the change (the results are published)</Trans>
          </label>
          <input
            id={`${id}-reason`}
            className="input team-xp-reason"
            type="text"
            maxLength={500}
            required
            {...register('reason')}
          />
        </>
      )}
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
 * The teams of one event as cards (issue 32): each member can be moved to another team of the event
 * or back to the waiting list from a "Move" menu (a disclosure of buttons: the keyboard's way, no
 * dragging needed), and each move offers its Undo for a few seconds: the inverse move.
 */
export function TeamCards({
  teams,
  event,
  onAlert,
}: {
  teams: Team[];
  event: HackathonEvent;
  onAlert: (sentence: string | null) => void;
}) {
  const { t } = useLingui();
  const seatMember = useSeatMember();
  const unseatMember = useUnseatMember();
  const removeTeam = useDeleteTeam();
  const confirmation = useConfirmation();
  const { offer } = useUndo();
  const busy = seatMember.isPending || unseatMember.isPending;
  const failed = (error: unknown) => onAlert(errorMessage(error, t`The member could not be moved.`));

  const moveTo = (login: string, userId: number, from: Team, to: Team) => {
    const fromName = teamDisplayName(from.name);
    const toName = teamDisplayName(to.name);
    onAlert(null);
    seatMember.mutate(
      { teamId: to.id, userId },
      {
        onSuccess: () =>
          offer({
            done: t`@${login} moved from ${fromName} to ${toName}.`,
            undone: t`@${login} is back in ${fromName}.`,
            undo: () => seatMember.mutateAsync({ teamId: from.id, userId }),
          }),
        onError: failed,
      },
    );
  };
  const takeOut = (login: string, userId: number, from: Team) => {
    const fromName = teamDisplayName(from.name);
    onAlert(null);
    unseatMember.mutate(
      { teamId: from.id, userId },
      {
        onSuccess: () =>
          offer({
            done: t`@${login} left ${fromName} and waits for a team.`,
            undone: t`@${login} is back in ${fromName}.`,
            undo: () => seatMember.mutateAsync({ teamId: from.id, userId }),
          }),
        onError: failed,
      },
    );
  };

  if (teams.length === 0) {
    return (
      <p className="muted">
        <Trans>No teams for this event yet.</Trans>
      </p>
    );
  }
  return (
    <>
      <ul className="team-cards">
        {teams.map((team) => {
          const name = teamDisplayName(team.name);
          const others = teams.filter((other) => other.id !== team.id);
          const seated = team.members.length;
          return (
            <li key={team.id} className="team-admin-card">
              <h3 dir="auto">{name}</h3>
              <p className="muted">
                <Trans>
                  {seated} of {HACKATHON_TEAM_SIZE} members
                </Trans>
              </p>
              <ul className="team-admin-members">
                {team.members.map((member) => {
                  const login = member.intra_login;
                  return (
                    <li key={member.user_id}>
                      <Avatar name={login} imageUrl={member.image_url} />
                      <bdi className="member-login">@{login}</bdi>
                      <RowMenu label={t`Move @${login}`} summary={<Trans>Move</Trans>}>
                        {others.map((other) => {
                          const otherName = teamDisplayName(other.name);
                          const full = other.members.length >= HACKATHON_TEAM_SIZE;
                          return (
                            <button
                              key={other.id}
                              type="button"
                              disabled={busy || full}
                              onClick={() => moveTo(login, member.user_id, team, other)}
                            >
                              {full ? (
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
                        <button type="button" disabled={busy} onClick={() => takeOut(login, member.user_id, team)}>
                          <Trans>Back to the waiting list</Trans>
                        </button>
                      </RowMenu>
                    </li>
                  );
                })}
              </ul>
              <TeamXp team={team} event={event} />
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
                        onError: (error) => onAlert(errorMessage(error, t`Failed to delete team`)),
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
      {confirmation.dialog}
    </>
  );
}
