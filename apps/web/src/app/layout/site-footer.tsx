import { Anchor, Container, Grid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { paths } from '@/config/paths';
import { SITE, SOCIAL_LINKS } from '@/config/site';
import classes from './layout.module.css';

const FOOTER_LINKS = [
  { label: 'Home', to: paths.home.href() },
  { label: 'About Us', to: paths.aboutUs.href() },
  { label: 'User Guide', to: paths.userGuide.href() },
  { label: 'Contact Us', to: paths.contactUs.href() },
];

function FooterHeading({ children }: { children: string }) {
  return (
    <Text component="h2" className={classes.footerHeading}>
      {children}
    </Text>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={{ base: 40, sm: 56 }}>
        <Grid gap={{ base: 32, md: 40 }}>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Stack gap="sm">
              <Link to={paths.home.href()} className={classes.brand}>
                <BrandMark size={28} />
                <span>{SITE.name}</span>
              </Link>
              <Text size="sm" c="dimmed" maw={280}>
                A quiet place to remember the people we love, and to share their stories with family
                and friends.
              </Text>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 6, md: 3 }}>
            <nav aria-labelledby="footer-explore">
              <Text component="h2" id="footer-explore" className={classes.footerHeading}>
                Explore
              </Text>
              <ul className={classes.footerList}>
                {FOOTER_LINKS.map((link) => (
                  <li key={link.to}>
                    <Anchor component={Link} to={link.to} className={classes.footerLink}>
                      {link.label}
                    </Anchor>
                  </li>
                ))}
              </ul>
            </nav>
          </Grid.Col>

          <Grid.Col span={{ base: 6, md: 3 }}>
            <div>
              <FooterHeading>Follow us</FooterHeading>
              <ul className={classes.footerList}>
                {SOCIAL_LINKS.map((social) => (
                  <li key={social.name}>
                    <a
                      href={social.href}
                      className={classes.socialLink}
                      aria-label={`${social.name} (Rips Memorial page)`}
                      rel="noopener noreferrer"
                    >
                      <svg
                        width="18"
                        height="18"
                        viewBox="0 0 24 24"
                        aria-hidden="true"
                        focusable="false"
                      >
                        <path d={social.icon} fill="currentColor" fillRule="evenodd" />
                      </svg>
                      <span>{social.name}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 3 }}>
            <div>
              <FooterHeading>Contact</FooterHeading>
              <address className={classes.address}>
                <Anchor href={`mailto:${SITE.contactEmail}`} className={classes.footerLink}>
                  {SITE.contactEmail}
                </Anchor>
                <Anchor href={SITE.phoneHref} className={classes.footerLink}>
                  {SITE.phoneDisplay}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {SITE.hours}
                </Text>
              </address>
            </div>
          </Grid.Col>
        </Grid>

        <div className={classes.footerBottom}>
          <Text size="sm" c="dimmed">
            © {year} {SITE.name}. All rights reserved.
          </Text>
          <ul className={classes.footerLegal}>
            <li>
              <Anchor component={Link} to={paths.policy.href()} className={classes.footerLink}>
                Privacy Policy
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to={paths.terms.href()} className={classes.footerLink}>
                Terms and Conditions
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to={paths.permanence.href()} className={classes.footerLink}>
                Permanence
              </Anchor>
            </li>
            <li>
              <Anchor
                component={Link}
                to={paths.accessibility.href()}
                className={classes.footerLink}
              >
                Accessibility
              </Anchor>
            </li>
          </ul>
        </div>
      </Container>
    </footer>
  );
}
