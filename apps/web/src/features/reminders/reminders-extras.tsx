import { lazy, Suspense } from 'react';
import type { MemorialDetail } from '@rips/shared/memorials';
import { useSession } from '@/lib/use-session';

const RemindMe = lazy(() =>
  import('./components/remind-me').then((m) => ({ default: m.RemindMe })),
);
const AccountReminders = lazy(() => import('./components/account-reminders'));

/** A member's own choice, so nothing for visitors who are not signed in (nor server-rendered). */
function SignedInRemindMe({ memorial }: { memorial: MemorialDetail }) {
  const { user } = useSession();
  if (!user || (!memorial.dateOfBirth && !memorial.deathDate)) return null;
  return (
    <Suspense fallback={null}>
      <RemindMe memorial={memorial} />
    </Suspense>
  );
}

/** For the memorial page's `extras`: the small "Remind me" control (its own lazy chunk). */
export function renderRemindMe(memorial: MemorialDetail) {
  return <SignedInRemindMe memorial={memorial} />;
}

/** For the profile: the member's reminders, each with Stop. */
export function ProfileReminders() {
  return (
    <Suspense fallback={null}>
      <AccountReminders />
    </Suspense>
  );
}
