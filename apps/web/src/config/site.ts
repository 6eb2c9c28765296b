export const SITE = {
  name: 'Rips Memorial',
  contactEmail: 'care@rips.example',
  phoneDisplay: '+1 (555) 010-2026',
  phoneHref: 'tel:+15550102026',
  hours: 'Monday to Friday, 9 am to 5 pm',
} as const;

export interface SocialLink {
  name: string;
  href: string;
  /** Inline SVG path (24×24 viewBox); no icon is fetched from anywhere else. */
  icon: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/ripsmemorial',
    icon: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5H14z',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/ripsmemorial',
    icon: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm0 2a2 2 0 0 0-2 2v10c0 1.1.9 2 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2H7zm5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17.3 5.6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/@ripsmemorial',
    icon: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3L10 15z',
  },
];
