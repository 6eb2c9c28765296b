import { renderEvents } from '@/features/events/events-extras';
import { renderFollow } from '@/features/follows/follow-extras';
import {
  MemorialPage,
  type MemorialPageProps,
} from '@/features/memorials/components/memorial-page';
import { renderRemindMe } from '@/features/reminders/reminders-extras';
import { renderAccessRequest } from '@/features/stewardship/access-request-extras';
import { withSeenNote } from '@/features/stewardship/ready-cards';
import { renderLife } from '@/features/timeline/timeline-extras';
import { renderTributes } from '@/features/tributes/tributes-extras';

/**
 * Below a memorial's details: its services and events, following it and a member's reminders, its
 * life and charities, then its tributes and galleries.
 */
const renderMemorialExtras: MemorialPageProps['extras'] = (memorial, abilities) => (
  <>
    {renderEvents(memorial, abilities)}
    {renderFollow(memorial)}
    {renderRemindMe(memorial)}
    {renderLife(memorial, abilities)}
    {renderTributes(memorial, abilities)}
  </>
);

/** Below a memorial: its life, its tributes, and the owner's first visit noted (the home page's card). */
const memorialExtras = withSeenNote(renderMemorialExtras);

/**
 * /post/:id: the memorial page with the sections of the other features below it. It is a chunk of
 * its own, so those sections' code and queries stay out of every other page's first bundle.
 */
export default function PostRoute() {
  return <MemorialPage extras={memorialExtras} notFound={renderAccessRequest} />;
}
