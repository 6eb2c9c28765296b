/*
 * The words of the home page, kept apart from the layout so they can be read and edited in one
 * place. Quotes are short notes from members, shown with their first names only.
 */

export type FeatureIcon = 'memorial' | 'flower' | 'gallery' | 'people' | 'legacy' | 'lock';

export const FEATURES: readonly { icon: FeatureIcon; title: string; text: string }[] = [
  {
    icon: 'memorial',
    title: 'A page for every life',
    text: 'A photo, the dates and places that mattered, and the traits that made someone who they were.',
  },
  {
    icon: 'flower',
    title: 'Flowers and prayers',
    text: 'Family and friends, near or far, leave a bouquet or a few kind words whenever they think of them.',
  },
  {
    icon: 'gallery',
    title: 'Shared keepsakes',
    text: 'Photos, memorabilia and documents gathered in one place, instead of scattered across phones and drawers.',
  },
  {
    icon: 'people',
    title: 'Family as contributors',
    text: 'Invite the people who knew them best to add what they hold, so the story is told by many voices.',
  },
  {
    icon: 'legacy',
    title: 'Your own life legacy',
    text: 'Write down your accomplishments, relationships and hopes, for the people who come after you.',
  },
  {
    icon: 'lock',
    title: 'Private where it counts',
    text: 'Galleries are seen only by the family you choose, and your legacy is visible to you alone.',
  },
];

export const STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Create your account',
    text: 'Sign up with your name and a picture. Sponsors can then open a memorial page for someone they love.',
  },
  {
    title: 'Tell their story',
    text: 'Add a photo, the dates of birth and passing, the places, a few words and the traits people remember.',
  },
  {
    title: 'Gather family and friends',
    text: 'Add contributors to share photos and documents, and let everyone leave flowers and prayers.',
  },
];

export const COMMUNITY_QUOTES: readonly { text: string; name: string; context: string }[] = [
  {
    text: 'Setting up Dad’s page took one evening. Now his friends from the shipyard leave flowers on his birthday, and I read every one.',
    name: 'Margaret',
    context: 'remembering her father',
  },
  {
    text: 'I live an ocean away from my grandmother’s grave. Saying a prayer here on Sunday mornings feels like a visit.',
    name: 'Tomás',
    context: 'remembering his grandmother',
  },
  {
    text: 'My brothers and I each added the photos we had. For the first time, all of Mum’s pictures are in one place.',
    name: 'Priya',
    context: 'remembering her mother',
  },
  {
    text: 'Writing my own legacy was easier than I expected. My children know now what mattered to me, in my own words.',
    name: 'Walter',
    context: 'building his life legacy',
  },
];
