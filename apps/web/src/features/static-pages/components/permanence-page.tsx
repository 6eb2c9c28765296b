import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SITE } from '@/config/site';
import { Bullets, PageSection, Para, StaticPage } from './static-page';

/**
 * /permanence: what the site promises about keeping memorials, and how it keeps each promise
 * (docs/decisions/0127). Every claim here is one the code keeps and a test shows; change them
 * together.
 */
export default function PermanencePage() {
  return (
    <StaticPage
      title="Our Promise of Permanence"
      lead="A memorial is meant to last. Here is what we promise about keeping yours, and how we keep each promise."
      description="What Rips Memorial promises about keeping memorials: nothing deleted for non-payment, the whole memorial yours to take at any time, a copy every year, open formats, checked files, and a plan if the site ever closes."
      meta="Written November 27, 2026"
    >
      <PageSection title="Nothing is deleted for non-payment">
        <Para>
          There is nothing to pay. Rips Memorial has no subscription, no paid tier and no fee to
          keep a memorial online, so no memorial, tribute, photo or document is ever removed because
          a payment stopped. Memorials are not removed for inactivity either.
        </Para>
        <Para>
          A memorial is deleted only when its owner deletes it, or when an administrator removes it
          because it breaks our{' '}
          <Anchor component={Link} to={paths.terms.href()} inherit>
            terms
          </Anchor>
          . When an owner closes their account, each memorial they own passes to its named
          successor, or else to the person who has managed it longest; an account cannot be closed
          while a memorial it owns has neither.
        </Para>
      </PageSection>

      <PageSection title="The whole memorial is yours to take, at any time">
        <Para>
          The owner, every manager and the named successor can download the whole memorial from the
          memorial&apos;s page whenever they wish: every word, date and person, every published
          tribute, photo, memorabilia and document, the timeline, events and charities. A large
          memorial is prepared in the background and its download link is sent by email. The
          download is a single ZIP file that, once unzipped, opens in any web browser without an
          internet connection, and it can be brought back into Rips Memorial, or into another copy
          of this software.
        </Para>
        <Para>
          They can also download a printable book of the memorial as a PDF, with its story,
          timeline, photos and tributes.
        </Para>
      </PageSection>

      <PageSection title="A copy in the family's hands every year">
        <Para>
          Once a year, its owner, its managers and its named successor each receive an email with a
          link to a fresh copy of the whole memorial, without having to ask; when a memorial changes
          owner, its new owner and successor receive one at once. Each person can turn this off from
          the email itself; owners and managers can also turn it off, and back on, from the
          memorial&apos;s Manage page. A family can also send the yearly copy to an address of their
          own choosing, once that address has confirmed it wants it.
        </Para>
      </PageSection>

      <PageSection title="Formats anyone can read">
        <Para>
          Nothing we give you needs our software to be read. The memorial&apos;s download is made of
          open, documented standards:
        </Para>
        <Bullets>
          <li>
            a <strong>BagIt</strong> package (RFC 8493), the format libraries and archives use to
            move collections: a list of every file with its SHA-256 checksum, so anyone can prove
            with standard tools that nothing is missing or changed;
          </li>
          <li>
            the memorial as ordinary <strong>web pages (HTML)</strong> that open offline in any
            browser, and every field as <strong>JSON</strong>, described in our published format;
          </li>
          <li>
            photos as <strong>WebP</strong> pictures, and documents exactly as they were uploaded;
          </li>
          <li>
            the printable book as <strong>PDF/A</strong>, the archival form of PDF, with its fonts
            embedded so it prints the same in decades;
          </li>
          <li>
            the memorial&apos;s dates as an <strong>iCalendar</strong> feed that any calendar can
            subscribe to.
          </li>
        </Bullets>
      </PageSection>

      <PageSection title="Every file checked, every month">
        <Para>
          When a photo or document is stored, we record its SHA-256 checksum, a fingerprint that
          changes if a single byte does. Every night a share of the stored files is read back and
          checked against its fingerprint, so that every file is checked at least once every 30
          days. A file that no longer matches is set aside and reported to the people who run the
          site, who restore it from a backup; it is never silently replaced.
        </Para>
      </PageSection>

      <PageSection title="If Rips Memorial ever closes">
        <Para>If the site ever has to close, this is what happens, in this order:</Para>
        <Bullets>
          <li>
            every owner, manager and named successor receives, by email, a link to a fresh copy of
            every memorial they look after: the same complete download as above, theirs to keep;
          </li>
          <li>
            the site then stops taking changes and stays online read-only for at least five years:
            every public memorial keeps its address and can still be visited, read and shared, but
            nothing can be added or changed.
          </li>
        </Bullets>
      </PageSection>

      <PageSection title="Questions">
        <Para>
          If you have a question about keeping a memorial, or want a copy and cannot reach its
          Manage page, please{' '}
          <Anchor component={Link} to={paths.contactUs.href()} inherit>
            contact us
          </Anchor>{' '}
          or write to <Anchor href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</Anchor>.
        </Para>
      </PageSection>
    </StaticPage>
  );
}
