import ProfilePage from '@/features/account/components/profile-page';
import { ProfileMemorialColumns } from '@/features/memorials/components/profile-memorial-columns';
import { ProfileStewardship } from '@/features/stewardship/components/profile-stewardship';
import { ProfileReminders } from '@/features/reminders/reminders-extras';

/**
 * /profile: the member's card (account), their memorial columns (memorials) and the memorials
 * they help look after (stewardship), and their anniversary reminders (reminders). A change in one refreshes the others through the query
 * client (app/memorial-changes.ts), never through an import between features.
 */
export default function ProfileRoute() {
  return (
    <ProfilePage
      columns={
        <>
          <ProfileMemorialColumns />
          <ProfileStewardship />
          <ProfileReminders />
        </>
      }
    />
  );
}
