import type { Role } from '@rips/shared/users';

export const ROLE_LABELS: Record<Role, string> = {
  visitor: 'Member',
  sponsor: 'Sponsor',
  admin: 'Administrator',
};
