import { Anchor, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_SENT_MESSAGE,
  ContactMessageSchema,
  type ContactMessage,
} from '@rips/shared/contact';
import { SITE } from '@/config/site';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, toFormErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/use-session';
import { sendContactMessage } from '../api/contact.api';
import { PageSection, Para, StaticPage } from './static-page';

type Field = keyof ContactMessage;
const FIELDS: readonly Field[] = ['name', 'email', 'message'];
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
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ContactMessage>({
    name: user?.fullName ?? '',
    email: user?.email ?? '',
    message: '',
  });
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  const mutation = useMutation({
    mutationFn: () => {
      const parsed = ContactMessageSchema.parse(values);
      return sendContactMessage(parsed);
    },
    onSuccess: () => {
      notify.success(CONTACT_SENT_MESSAGE);
      setValues((v) => ({ ...v, message: '' }));
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(toFormErrors(error.errors, FIELDS));
      notify.error(errorMessage(error, SEND_FAILED));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ContactMessageSchema.safeParse(values);
    setErrors(parsed.success ? {} : toFormErrors(parsed.error.issues, FIELDS));
    if (!parsed.success) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate();
  }

  const field = (name: Field) => ({
    name,
    required: true,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Your name" autoComplete="name" {...field('name')} />
        <TextInput
          label="Your email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          description="We use it only to answer you."
          {...field('email')}
        />
        <Textarea
          label="Message"
          autosize
          minRows={5}
          maxLength={CONTACT_MESSAGE_MAX}
          {...field('message')}
        />
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            {values.message.length} / {CONTACT_MESSAGE_MAX}
          </Text>
          <Button type="submit" loading={mutation.isPending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
