import { Anchor, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_SENT_MESSAGE,
  ContactMessageSchema,
} from '@rips/shared/contact';
import { EmailInput } from '@/components/identity-inputs';
import { SITE } from '@/config/site';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { useZodForm } from '@/lib/use-zod-form';
import { useSendContactMessage } from '../api/contact.api';
import { PageSection, Para, StaticPage } from './static-page';

const SEND_FAILED = 'Your message could not be sent. Please try again.';

export default function ContactUsPage() {
  return (
    <StaticPage
      title="Contact Us"
      lead="Questions, a memorial to look after, something that should be removed: we read every message and answer by email."
    >
      <PageSection title="Send us a message">
        <ContactForm />
      </PageSection>
      <PageSection title="Other ways to reach us">
        <Para>
          Email:{' '}
          <Anchor href={`mailto:${SITE.contactEmail}`} inherit>
            {SITE.contactEmail}
          </Anchor>
          <br />
          Phone:{' '}
          <Anchor href={SITE.phoneHref} inherit>
            {SITE.phoneDisplay}
          </Anchor>{' '}
          ({SITE.hours})
        </Para>
      </PageSection>
    </StaticPage>
  );
}

function ContactForm() {
  const { user } = useSession();
  const form = useZodForm(ContactMessageSchema, {
    initialValues: { name: user?.fullName ?? '', email: user?.email ?? '', message: '' },
  });
  const mutation = useSendContactMessage();

  const onSubmit = form.handleSubmit((message) =>
    mutation.mutate(message, {
      onSuccess: () => {
        form.notice.success(CONTACT_SENT_MESSAGE);
        form.setFieldValue('message', '');
      },
      onError: (error) => {
        form.showServerErrors(error);
        form.notice.error(errorMessage(error, SEND_FAILED));
      },
    }),
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Your name"
          name="name"
          required
          autoComplete="name"
          {...form.getInputProps('name')}
        />
        <EmailInput
          label="Your email"
          description="We use it only to answer you."
          {...form.getInputProps('email')}
        />
        <Textarea
          label="Message"
          name="message"
          required
          autosize
          minRows={5}
          {...form.getInputProps('message')}
        />
        <Group justify="space-between" align="center">
          <Text size="sm" c={form.values.message.length > CONTACT_MESSAGE_MAX ? 'red.8' : 'dimmed'}>
            {form.values.message.length} / {CONTACT_MESSAGE_MAX}
          </Text>
          <Button type="submit" loading={mutation.isPending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
