import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageSection, Para, StaticPage } from './static-page';

export default function AboutUsPage() {
  return (
    <StaticPage
      title="About Us"
      lead="Rips Memorial is a quiet place to remember the people we love, and to keep their stories close."
    >
      <PageSection title="Our mission">
        <Para>
          When someone dies, the things that made them who they were are scattered: photographs in
          drawers, letters in boxes, stories held by a dozen different people. Our mission is to
          gather those pieces into one lasting memorial that family and friends can visit from
          anywhere, at any hour, for as long as they need.
        </Para>
        <Para>
          We believe remembrance should be gentle and unhurried. Every memorial page, which we call
          a Rip, has room for a life&apos;s story, its dates and places, and the traits people
          remember. Visitors can leave a flower or say a prayer. The family can invite the people
          they trust to add photos, keepsakes and documents.
        </Para>
      </PageSection>
      <PageSection title="What we care about">
        <Para>
          <strong>Privacy.</strong> Photos, memorabilia and documents on a memorial are seen only by
          its sponsor and the contributors they choose. Your Life Legacy is seen by you alone.
          Pictures are re-encoded when they are uploaded, which removes hidden location data.
        </Para>
        <Para>
          <strong>Calm.</strong> No advertising, no noise, no pressure. The pages are simple and
          quick, because people often visit in difficult moments.
        </Para>
        <Para>
          <strong>Care.</strong> Administrators look after the community: they appoint sponsors,
          keep the tributes kind and help anyone who writes to us.
        </Para>
      </PageSection>
      <PageSection title="Getting started">
        <Para>
          The{' '}
          <Anchor component={Link} to={paths.userGuide.href()} inherit>
            User Guide
          </Anchor>{' '}
          walks through every step, from signing up to building your own legacy. If you have a
          question it does not answer, please{' '}
          <Anchor component={Link} to={paths.contactUs.href()} inherit>
            write to us
          </Anchor>
          .
        </Para>
      </PageSection>
    </StaticPage>
  );
}
