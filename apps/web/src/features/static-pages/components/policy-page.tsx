import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Bullets, PageSection, Para, StaticPage } from './static-page';

export default function PolicyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      lead="What we store, who can see it, and how we protect it. In plain words."
      meta="Last updated November 21, 2026"
    >
      <PageSection title="What we store about you">
        <Bullets>
          <li>
            <strong>Your account:</strong> full name, email, username, avatar and role. Your
            password is never stored; we keep only a one-way hash of it (Argon2id), which cannot be
            turned back into the password.
          </li>
          <li>
            <strong>What you add:</strong> the memorials you create, the flowers and prayers you
            leave, and the photos, memorabilia and documents you upload.
          </li>
          <li>
            <strong>Your Life Legacy,</strong> if you write one.
          </li>
          <li>
            <strong>A password reset request</strong> while it is pending: the new password (hashed)
            and a hashed copy of the emailed link, which expires after 30 minutes.
          </li>
        </Bullets>
      </PageSection>
      <PageSection title="Who can see what">
        <Bullets>
          <li>
            Memorials, flowers and prayers are public, with the full name of the person who left
            them.
          </li>
          <li>
            Photos, memorabilia and documents on a memorial are shown only to its sponsor and the
            contributors they chose, through links that expire.
          </li>
          <li>
            Your Life Legacy, including your assets and beneficiaries, is shown to you alone. No
            other member sees it, and it does not appear in any administrator&apos;s list.
          </li>
          <li>Your email address is never shown to other members.</li>
        </Bullets>
      </PageSection>
      <PageSection title="Pictures and files">
        <Para>
          Every uploaded picture is checked and re-encoded before it is stored. Re-encoding removes
          hidden metadata such as the GPS location and the camera details a phone writes into a
          photo. Files are stored under names the server chooses, never under the name they had on
          your device.
        </Para>
      </PageSection>
      <PageSection title="Email">
        <Para>
          We email you only when you ask for a password reset. When you write to us through the
          contact form, we use your email address only to answer you. We send no newsletters or
          advertising, and we do not sell or share your information.
        </Para>
      </PageSection>
      <PageSection title="Your browser">
        <Para>
          While you are signed in, your browser keeps your session in its local storage, so you stay
          signed in between visits. Signing out removes it. We use no advertising or tracking
          cookies.
        </Para>
      </PageSection>
      <PageSection title="Your choices">
        <Para>
          You can change your name, username, email, avatar and password on your profile, and
          rewrite your Life Legacy at any time. To have your account and everything you added
          erased, please{' '}
          <Anchor component={Link} to={paths.contactUs.href()} inherit>
            contact us
          </Anchor>{' '}
          from the email address of your account.
        </Para>
      </PageSection>
    </StaticPage>
  );
}
