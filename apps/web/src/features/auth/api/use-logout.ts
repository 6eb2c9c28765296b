import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { clearDrafts } from '@/lib/form-drafts';
import { clearSession } from '@/lib/session';
import { logout } from './auth.api';

export const LOGOUT_SUCCESS = 'Logout Successful';

/** Signs out on the server (revoking the token) and always locally, even if the call fails. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        // The spec only logs logout failures: the visitor is signed out here regardless.
        console.warn('Logout call failed; the local session is cleared anyway.', error);
      }
    },
    onSettled: () => {
      // A shared computer: the next person never sees this member's unsent writing.
      clearDrafts();
      clearSession();
      queryClient.clear();
      notify.success(LOGOUT_SUCCESS);
      void navigate(paths.home.href());
    },
  });
}
