import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../../contract/users';

/** The name of each role in the Role filter; a role added to the contract must be named here. */
export const ROLE_NAMES = { student: msg`Student`, member: msg`Member`, board: msg`Board` } satisfies Record<
  Role,
  MessageDescriptor
>;

/** A role as its badge and the user's detail show it, lower case as stored (docs/product/screens.md#users-page). */
export const ROLE_BADGES = { student: msg`student`, member: msg`member`, board: msg`board` } satisfies Record<
  Role,
  MessageDescriptor
>;
