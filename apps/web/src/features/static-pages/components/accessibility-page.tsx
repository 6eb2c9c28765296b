import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SITE } from '@/config/site';
import { Bullets, PageSection, Para, StaticPage } from './static-page';

/**
 * /accessibility: the site's accessibility statement (docs/decisions/0101). Every claim here is
 * one a test or the review written down in that record makes; change them together.
 */
export default function AccessibilityPage() {
  return (
    <StaticPage
      title="Accessibility Statement"
      lead="Rips Memorial should work for everyone who comes to remember someone: with a keyboard, a screen reader, magnified text or a small phone."
      description="How accessible Rips Memorial is: our target (WCAG 2.2 AA), how we test, what does not work well yet, and how to tell us about a barrier."
      meta="Prepared November 27, 2026 · Last reviewed November 27, 2026"
    >
      <PageSection title="Our target">
        <Para>
          We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, the
          standard most accessibility laws point to. This statement covers the whole site: the home
          page, the memorial pages and their flowers, prayers and galleries, your account and
          legacy, and these information pages.
        </Para>
      </PageSection>

      <PageSection title="Where we are">
        <Para>
          Rips Memorial is <strong>partially conformant</strong> with WCAG 2.2 level AA: the checks
          listed below pass on the pages we build, but some content does not fully conform yet. What
          does not, and why, is listed under{' '}
          <Anchor href="#known-limitations" inherit>
            Known limitations
          </Anchor>
          . Much of that is content members add themselves (pictures, documents and words in other
          languages), which we cannot check before it is shown.
        </Para>
      </PageSection>

      <PageSection title="How we test">
        <Para>
          Each check below is part of our automated end-to-end tests, which run in Chromium against
          the finished site. The file names are those of the tests.
        </Para>
        <Bullets>
          <li>
            <strong>axe on every page.</strong> <code>e2e/a11y.e2e.ts</code> opens each page in the
            site&apos;s list of pages (for those that belong to one memorial, that memorial&apos;s
            own page; its Manage area is checked in its own journey), at 1280 and 390 pixels wide,
            signed out and signed in as a sponsor, and runs axe-core with all its WCAG 2.0, 2.1 and
            2.2 level A and AA rules. It also checks that each page has a title and exactly one main
            heading.
          </li>
          <li>
            <strong>axe in the user journeys.</strong> The journeys that sign up, log in, create and
            share a memorial, leave flowers and prayers, upload photos, look after a memorial, write
            a legacy and manage an account (<code>e2e/auth.e2e.ts</code>,{' '}
            <code>memorials.e2e.ts</code>, <code>tributes.e2e.ts</code>,{' '}
            <code>stewardship.e2e.ts</code>, <code>legacy.e2e.ts</code>, <code>account.e2e.ts</code>
            , <code>forgiving-forms.e2e.ts</code>, <code>short-links.e2e.ts</code> and{' '}
            <code>memorial-archive.e2e.ts</code>) also run axe at their steps, on dialogs and on
            forms showing their error messages.
          </li>
          <li>
            <strong>The keyboard.</strong> Every dialog of a memorial page and of the profile is
            opened with the keyboard; focus must stay inside it, Escape must close it, and focus
            must return to the button that opened it. The first Tab reaches a &quot;Skip to main
            content&quot; link. A visitor signs in and says a prayer with the keyboard alone. The
            photo viewer moves with the arrow keys. Focus is never hidden under the header that
            stays at the top of the screen.
          </li>
          <li>
            <strong>Zoom and small screens.</strong> The public pages are loaded at 320 and 640
            pixels wide, which is what a 1280-pixel window shows at 400% and 200% zoom, and must not
            scroll sideways. Several journeys check the same at 390 pixels, a phone&apos;s width.
          </li>
          <li>
            <strong>What a screen reader is given.</strong> The accessibility tree of the home page
            and of a memorial page (as a visitor and as its owner) must have the banner, main,
            navigation and footer landmarks, one level-one heading, no skipped heading level, and a
            name for every button, link, picture and form field.
          </li>
          <li>
            <strong>Forms and motion.</strong> Login errors are announced and tied to their fields.
            The home page&apos;s animation stays still for people who ask their device for reduced
            motion, and anyone can play or pause it.
          </li>
          <li>
            <strong>Lighthouse.</strong> Our page benchmark runs Lighthouse&apos;s accessibility
            audits on the home, login, sign-up and memorials pages and on a memorial page, with a
            target score of 100.
          </li>
        </Bullets>
        <Para>
          Automated tools find only part of the barriers, so we also reviewed by hand: the contrast
          of text on shaded backgrounds, which axe cannot measure, is at least 4.9 to 1; text stays
          whole with wider letter, word and line spacing; logging in needs no puzzle and accepts
          pasted passwords and password managers; nothing needs dragging; the way to reach us is in
          the same place at the foot of every page; and no form asks twice for something you already
          gave, except a new password, typed twice to make sure it is right.
        </Para>
      </PageSection>

      <PageSection title="Known limitations" id="known-limitations">
        <Bullets>
          <li>
            <strong>Pictures members share</strong> are described to screen readers only as, for
            example, &quot;Photo of Robert Hale shared by Maya Lindqvist&quot;; a caption, when the
            member wrote one, is shown beside the picture. There is no way yet to describe what a
            picture shows.
          </li>
          <li>
            <strong>Documents members upload</strong> (PDF and other files) are shown as they were
            uploaded; we do not check them, and many may not work with a screen reader.
          </li>
          <li>
            <strong>Words written in another language</strong> (a prayer in Spanish, a life story in
            Polish) are not marked with their language, so a screen reader reads them with English
            pronunciation.
          </li>
          <li>
            <strong>The printable poster</strong> of a memorial is a PDF without tags; a screen
            reader may read it out of order. Everything on it is also on the memorial page.
          </li>
          <li>
            <strong>The offline copy of a memorial</strong> (the archive a family downloads) and the
            emails we send are not yet checked with axe.
          </li>
          <li>
            <strong>Assistive technology and other browsers.</strong> Our tests run in Chromium. We
            have not yet tested with people who use screen readers, voice control or switch access,
            nor automatically in Firefox or Safari.
          </li>
        </Bullets>
      </PageSection>

      <PageSection title="Technologies this site relies on">
        <Para>
          HTML, CSS, WAI-ARIA and JavaScript. The home page, the memorial pages, the list of
          memorials and these information pages arrive as complete HTML and can be read without
          JavaScript; signing in, forms and dialogs need it.
        </Para>
      </PageSection>

      <PageSection title="Tell us about a barrier">
        <Para>
          If something on Rips Memorial is hard or impossible for you to use, please tell us:
          through the{' '}
          <Anchor component={Link} to={paths.contactUs.href()} inherit>
            contact form
          </Anchor>
          , by email to{' '}
          <Anchor href={`mailto:${SITE.contactEmail}`} inherit>
            {SITE.contactEmail}
          </Anchor>{' '}
          or by phone on{' '}
          <Anchor href={SITE.phoneHref} inherit>
            {SITE.phoneDisplay}
          </Anchor>{' '}
          ({SITE.hours}). It helps to say which page it was, what you were trying to do, and the
          browser and any assistive technology you use. We aim to reply within 5 working days.
        </Para>
      </PageSection>
    </StaticPage>
  );
}
