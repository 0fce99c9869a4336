import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../../../contract/users';
import { useConfirmation } from '../../components/confirm-dialog';
import { useUndo } from '../../components/undo-toast';
import { focusPageHeading } from '../../lib/focus';
import { useSession } from '../auth/api';
import { useMemberChange, type MemberChange } from './api';

type Member = Pick<User, 'id' | 'intra_login'>;

/** A toggle with its opposite, and what the Undo toast says of each. */
type Toggle = { change: MemberChange; done: string; opposite: MemberChange; undone: string };

/**
 * The privileged and destructive changes to a member (decision 0119): each asks first, naming the
 * person and the consequence; a toggle then offers its Undo (the opposite toggle) for a few
 * seconds. Removing the last admin is refused by the server, whose sentence is shown as `error`.
 */
export function useMemberActions() {
  const { t } = useLingui();
  const { user: me } = useSession();
  const confirmation = useConfirmation();
  const change = useMemberChange();
  const { offer } = useUndo();

  const toggle = ({ change: made, done, opposite, undone }: Toggle, withUndo = true) =>
    change.mutate(made, {
      onSuccess: () => {
        if (withUndo) offer({ done, undone, undo: () => change.mutateAsync(opposite) });
      },
    });
  const admin = (member: Member, is_admin: boolean): MemberChange => ({ id: member.id, kind: 'admin', is_admin });
  const banned = (member: Member, is_banned: boolean): MemberChange => ({ id: member.id, kind: 'ban', is_banned });

  return {
    grantAdmin(member: Member) {
      const who = `@${member.intra_login}`;
      confirmation.ask({
        title: t`Make ${who} an admin?`,
        consequence: (
          <p>{t`${who} will open the admin panel: every candidate’s data, the decisions, bans and deletions.`}</p>
        ),
        confirmLabel: t`Grant admin`,
        onConfirm: () =>
          toggle({
            change: admin(member, true),
            done: t`${who} is now an admin.`,
            opposite: admin(member, false),
            undone: t`${who} is no longer an admin.`,
          }),
      });
    },

    removeAdmin(member: Member) {
      const who = `@${member.intra_login}`;
      const self = member.id === me?.id;
      confirmation.ask({
        title: self ? t`Remove your own admin rights?` : t`Remove the admin rights of ${who}?`,
        consequence: (
          <p>
            {self
              ? t`You will lose access to the admin panel at once, and only another admin can give it back.`
              : t`${who} keeps their account but can no longer open the admin panel.`}
          </p>
        ),
        confirmLabel: t`Remove admin`,
        danger: true,
        // Without admin rights nobody can undo: no offer to oneself.
        onConfirm: () =>
          toggle(
            {
              change: admin(member, false),
              done: t`${who} is no longer an admin.`,
              opposite: admin(member, true),
              undone: t`${who} is an admin again.`,
            },
            !self,
          ),
      });
    },

    ban(member: Member) {
      const who = `@${member.intra_login}`;
      confirmation.ask({
        title: t`Ban ${who}?`,
        consequence: <p>{t`Every session of ${who} ends at once, and ${who} cannot sign in until unbanned.`}</p>,
        confirmLabel: t`Ban ${who}`,
        danger: true,
        onConfirm: () =>
          toggle({
            change: banned(member, true),
            done: t`${who} is banned.`,
            opposite: banned(member, false),
            undone: t`${who} is no longer banned; the sessions that ended stay ended.`,
          }),
      });
    },

    /** Lifting a ban harms nobody: done at once, with its Undo. */
    unban(member: Member) {
      const who = `@${member.intra_login}`;
      toggle({
        change: banned(member, false),
        done: t`${who} is no longer banned.`,
        opposite: banned(member, true),
        undone: t`${who} is banned again.`,
      });
    },

    remove(member: Member, onDone?: () => void) {
      const who = `@${member.intra_login}`;
      confirmation.ask({
        title: t`Delete ${who}?`,
        consequence: (
          <>
            <p>
              <Trans>Are you sure you want to delete this user?</Trans>
            </p>
            <p>{t`The name, email and picture of ${who} and what they wrote are erased, and their sessions end; their decisions, XP and team stay, under “deleted user”. This cannot be undone.`}</p>
          </>
        ),
        confirmLabel: t`Delete ${who}`,
        danger: true,
        onConfirm: () =>
          change.mutate(
            { id: member.id, kind: 'delete' },
            {
              onSuccess: () => {
                onDone?.();
                focusPageHeading();
              },
            },
          ),
      });
    },

    dialog: confirmation.dialog,
    error: change.error,
    pending: change.isPending,
  };
}
