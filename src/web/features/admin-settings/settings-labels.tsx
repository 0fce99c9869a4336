import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** The words of each list the board grows and shrinks, whole for each (a row is numbered from 1). */
export const LIST_TEXT: Record<
  'social_links' | 'sponsors',
  { none: MessageDescriptor; add: MessageDescriptor; row: (n: number) => MessageDescriptor }
> = {
  social_links: {
    none: msg`No social links.`,
    add: msg`Add social link`,
    row: (n) => msg`Social link ${n}`,
  },
  sponsors: {
    none: msg`No sponsors.`,
    add: msg`Add sponsor`,
    row: (n) => msg`Sponsor ${n}`,
  },
};

/** A row's label: short on screen ("Name"), whole for assistive technology ("Sponsor 2 name"). */
export function RowLabel({ row, text }: { row: string; text: string }) {
  return (
    <>
      <span className="visually-hidden">{row} </span>
      {text}
    </>
  );
}

/** "Remove", with the row it removes for assistive technology. */
export function RemoveLabel({ list, n }: { list: 'social_links' | 'sponsors'; n: number }) {
  return list === 'sponsors' ? (
    <Trans>
      Remove<span className="visually-hidden"> sponsor {n}</span>
    </Trans>
  ) : (
    <Trans>
      Remove<span className="visually-hidden"> social link {n}</span>
    </Trans>
  );
}
