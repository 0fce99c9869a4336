import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApplicationStatus } from '../../contract/applications';

// The names of the journey's steps and of an application's status, read by several admin features
// (applications, members, messages): shared here rather than one feature's module that the others import.

/** An application's status as the board reads it; the stored value stays the contract's. */
export const APPLICATION_STATUS_NAMES: Record<ApplicationStatus, MessageDescriptor> = {
  pending: msg`pending`,
  approved: msg`approved`,
  declined: msg`declined`,
  withdrawn: msg`withdrawn`,
};

/** Each step of the candidate's journey (docs/product/screens.md#application-tracker), -1 for declined, -2 for withdrawn. */
export const STEP_NAMES: Readonly<Record<number, MessageDescriptor>> = {
  [-2]: msg`Withdrawn`,
  [-1]: msg`Declined`,
  0: msg`Application`,
  1: msg`4 Challenges`,
  2: msg`Hackathon`,
  3: msg`Board Approval`,
  4: msg`Complete`,
};
