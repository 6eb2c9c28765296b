import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Bullets, PageSection, Para, StaticPage, Steps } from './static-page';

export default function UserGuidePage() {
  return (
    <StaticPage
      title="User Guide"
      lead="Everything you need to create a memorial, invite family to it, pay your respects and write your own legacy."
    >
      <PageSection title="1. Sign up and log in">
        <Steps>
          <li>
            Choose <strong>Sign Up</strong> at the top of any page.
          </li>
          <li>
            Enter your full name, email, a username and a password of at least 8 characters with a
            letter and a digit, and choose a picture for your avatar.
          </li>
          <li>
            After signing up you are taken to <strong>Login</strong>. Log in with your username or
            your email and your password.
          </li>
        </Steps>
        <Para>
          Forgot your password? Choose{' '}
          <Anchor component={Link} to={paths.forgotPassword.href()} inherit>
            reset password
          </Anchor>
          , enter your username and the new password you want. We email you a link; your new
          password takes effect only when you open it, and the link works once within 30 minutes.
        </Para>
      </PageSection>

      <PageSection title="2. Your profile">
        <Para>
          Open the menu under your avatar and choose <strong>Profile</strong>. There you see your
          role and can <strong>Edit Profile</strong> (avatar, username and full name), change your
          full name and email under <strong>Account details</strong>, and{' '}
          <strong>Change Password</strong>. Changing your password signs you out on every other
          device.
        </Para>
      </PageSection>

      <PageSection title="3. Become a sponsor">
        <Para>Sponsors create and look after memorials. Any member can become one:</Para>
        <Bullets>
          <li>
            On the <strong>Memoriams</strong> page, choose{' '}
            <strong>Become sponsor to Add the Rip&apos;s</strong>. Your role changes at once and the{' '}
            <strong>Add Rip</strong> link appears in the header.
          </li>
          <li>
            On sites where sponsors are appointed, an administrator grants the role instead. Write
            to us through the{' '}
            <Anchor component={Link} to={paths.contactUs.href()} inherit>
              Contact Us
            </Anchor>{' '}
            page with your username and the memorial you would like to create.
          </li>
        </Bullets>
      </PageSection>

      <PageSection title="4. Create a Rip">
        <Steps>
          <li>
            Choose <strong>Add Rip</strong> in the header.
          </li>
          <li>
            Enter the name, dates of birth and death, birth place, burial place and plot, a
            description, and a few traits separated by spaces (for example: teacher gardener
            patient). Add a photograph.
          </li>
          <li>
            Save. The memorial appears on the Memoriams page, where anyone can find it by searching.
          </li>
        </Steps>
        <Para>
          You can edit or delete your Rips from their page or from the <strong>Your Rips</strong>{' '}
          column of your profile.
        </Para>
      </PageSection>

      <PageSection title="5. Add contributors">
        <Para>
          On your memorial&apos;s page, choose <strong>Add Contributer</strong>, pick a member from
          the list and confirm. Contributors can see and add photos, memorabilia and documents;
          nobody else can see those galleries. Memorials you contribute to are listed under{' '}
          <strong>Your Contributor</strong> on your profile.
        </Para>
      </PageSection>

      <PageSection title="6. Leave a tribute">
        <Para>
          Every signed-in member can pay their respects on any memorial. Choose{' '}
          <strong>Leave A Flower</strong> to place a flower, or <strong>Say A Prayer</strong> to
          write a few words. Each tribute shows your full name and the date you left it.
        </Para>
      </PageSection>

      <PageSection title="7. Build your Life Legacy">
        <Para>
          Your Life Legacy is a private record of your own story. Choose{' '}
          <strong>Your Legacy</strong> in the header, or <strong>Add Your Life Legacy</strong> on
          your profile, then <strong>Build Your Legacy</strong>.
        </Para>
        <Steps>
          <li>Write your birth place and a description of your life; both are required.</li>
          <li>
            Add entries to any of the five sections: accomplishments (with the years they span),
            assets and who should receive them, relationships, your bucket list and your
            aspirations. Every entry needs all its fields; remove an entry you no longer want.
          </li>
          <li>
            Choose <strong>Submit</strong>. You can come back and change it at any time; only you
            can see it.
          </li>
        </Steps>
      </PageSection>

      <PageSection title="Need help?">
        <Para>
          We read every message.{' '}
          <Anchor component={Link} to={paths.contactUs.href()} inherit>
            Contact us
          </Anchor>{' '}
          and we will answer by email.
        </Para>
      </PageSection>
    </StaticPage>
  );
}
