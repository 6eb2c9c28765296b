import type { Role } from '@rips/shared/users';

/** What each role is called on screen (the profile card, the admin page). */
export const ROLE_LABELS: Record<Role, string> = {
  visitor: 'Member',
  sponsor: 'Sponsor',
  admin: 'Administrator',
};
