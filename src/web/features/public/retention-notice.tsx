import { Plural, Trans } from '@lingui/react/macro';

/**
 * How long an account is kept (decisions §15, decision 0168): the retention period of the settings,
 * which the hourly maintenance applies; 0 keeps everything until the person asks.
 */
export function RetentionNotice({ months }: { months: number }) {
  return months > 0 ? (
    <Plural
      value={months}
      one="If you are not a member of the club and have not signed in for # month, your account is erased automatically, as described below, when your latest application was declined or withdrawn, or you never applied. Members, the board and admins are never erased this way."
      other="If you are not a member of the club and have not signed in for # months, your account is erased automatically, as described below, when your latest application was declined or withdrawn, or you never applied. Members, the board and admins are never erased this way."
    />
  ) : (
    <Trans>Your data is kept until you ask for it to be erased.</Trans>
  );
}
