import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Bullets, PageSection, Para, StaticPage } from './static-page';

export default function TermsPage() {
  return (
    <StaticPage
      title="Terms and Conditions"
      lead="The few rules that keep Rips Memorial a respectful place for everyone."
      meta="Last updated November 21, 2026"
    >
      <PageSection title="Your account">
        <Para>
          You need an account to create memorials and leave tributes. Give your real name, keep your
          password to yourself, and tell us if you think someone else has used your account. You are
          responsible for what is done with it.
        </Para>
      </PageSection>
      <PageSection title="What you share">
        <Para>
          You keep the rights to the words, pictures and documents you add. By adding them, you
          allow us to store them and to show them to the people the product shows them to:
          memorials, flowers and prayers to everyone; photos, memorabilia and documents to the
          memorial&apos;s sponsor and contributors; your Life Legacy to you alone.
        </Para>
        <Para>Only add material you have the right to share. Please do not add anything that:</Para>
        <Bullets>
          <li>is hateful, threatening, harassing or mocks the dead or the grieving;</li>
          <li>reveals someone else&apos;s private information without their consent;</li>
          <li>infringes someone else&apos;s copyright or other rights;</li>
          <li>advertises, or tries to harm the service or its members.</li>
        </Bullets>
      </PageSection>
      <PageSection title="Sponsors and contributors">
        <Para>
          A sponsor looks after the memorials they create and chooses their contributors. Please
          create a memorial only for someone you knew or are entitled to remember publicly, and with
          care for their family.
        </Para>
      </PageSection>
      <PageSection title="Moderation">
        <Para>
          Administrators may remove tributes and disable accounts that break these terms. If you
          believe something was removed by mistake, or something should be removed, please{' '}
          <Anchor component={Link} to={paths.contactUs.href()} inherit>
            contact us
          </Anchor>
          .
        </Para>
      </PageSection>
      <PageSection title="The service">
        <Para>
          We work to keep Rips Memorial available and your material safe, but we cannot promise the
          service will never be interrupted. Keep your own copies of pictures and documents that
          matter to you. These terms may change; when they do, we update the date above.
        </Para>
      </PageSection>
      <PageSection title="Privacy">
        <Para>
          How we handle your information is described in our{' '}
          <Anchor component={Link} to={paths.policy.href()} inherit>
            Privacy Policy
          </Anchor>
          .
        </Para>
      </PageSection>
    </StaticPage>
  );
}
