import { Container, Text, Title } from '@mantine/core';
import { useSession } from '@/lib/use-session';
import { COMMUNITY_QUOTES, FEATURES, STEPS } from '../content/home-content';
import { FeatureIcon } from './feature-icon';
import { HomeCallToAction } from './home-call-to-action';
import { HomeSection } from './home-section';
import classes from './home.module.css';

/** A feature's or a step's small heading and its words. */
function TitledText({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Title order={3} size="h5" className={classes.featureTitle}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </>
  );
}

export function FeaturesList() {
  return (
    <HomeSection
      id="home-features"
      title="Everything a memorial needs"
      lead="Simple to set up on a difficult day, and a place the whole family can return to for years."
    >
      <ul className={classes.featureGrid}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={classes.feature}>
            <span className={classes.featureIcon}>
              <FeatureIcon name={feature.icon} />
            </span>
            <TitledText title={feature.title} text={feature.text} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

export function HowItWorks() {
  return (
    <HomeSection id="home-how" title="How it works" lead="Three quiet steps, at your own pace.">
      <ol className={classes.steps}>
        {STEPS.map((step, index) => (
          <li key={step.title} className={classes.step}>
            <span className={classes.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <TitledText title={step.title} text={step.text} />
            </div>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}

export function CommunityQuotes() {
  return (
    <HomeSection id="home-quotes" title="From our community">
      <ul className={classes.quoteGrid}>
        {COMMUNITY_QUOTES.map((quote) => (
          <li key={quote.name}>
            <figure className={classes.quote}>
              <blockquote className={classes.quoteText}>
                <p>{quote.text}</p>
              </blockquote>
              <figcaption className={classes.quoteAuthor}>
                <span className={classes.quoteName}>{quote.name}</span>, {quote.context}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

export function ClosingCallToAction() {
  const { user } = useSession();
  return (
    <section aria-labelledby="home-closing">
      <Container size="lg" className={classes.section}>
        <div className={classes.closing}>
          <div>
            <Title order={2} id="home-closing" size="h3">
              {user ? `Welcome back, ${user.fullName}` : 'Keep their memory close'}
            </Title>
            <Text c="dimmed" mt="xs">
              {user
                ? 'Pick up where you left off, or visit someone you miss.'
                : 'Joining is free. Create an account to leave flowers and prayers, or to open a memorial page.'}
            </Text>
          </div>
          <HomeCallToAction />
        </div>
      </Container>
    </section>
  );
}
