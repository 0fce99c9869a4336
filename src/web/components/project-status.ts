import type { ProjectStatus } from '../../contract/projects';

/** The badge of each project status, the same on the member's list and the admin page. */
export const PROJECT_STATUS_BADGE: Record<ProjectStatus, string> = {
  pending: 'badge badge-warning',
  approved: 'badge badge-success',
  rejected: 'badge badge-danger',
  expired: 'badge',
};
