import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { KINDS, kindsHeading, kindsIn, kindsInWords } from '@rips/shared/kinds';
import type { MemorialAbilities, MemorialDetail } from '@rips/shared/memorials';
import { FormModal } from '@/components/form-modal';
import { SectionLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { kindsOf, type TributeKindDescriptor } from '@/config/tribute-kinds';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useSession } from '@/lib/use-session';
import type { GuestKind } from './guest-tribute-form';
import { TributeList } from './tribute-lists';
import classes from './tributes.module.css';

// The forms (and the validation and inputs they bring) load when someone opens one: most
// visitors read a memorial without leaving a tribute.
const FlowerForm = lazy(() => import('./flower-form').then((m) => ({ default: m.FlowerForm })));
const CandleForm = lazy(() => import('./candle-form').then((m) => ({ default: m.CandleForm })));
const TextTributeForm = lazy(() =>
  import('./text-tribute-form').then((m) => ({ default: m.TextTributeForm })),
);
const GuestTributeForm = lazy(() =>
  import('./guest-tribute-form').then((m) => ({ default: m.GuestTributeForm })),
);
const UploadTributeForm = lazy(() =>
  import('./upload-tribute-form').then((m) => ({ default: m.UploadTributeForm })),
);

const NO_PERMISSION = 'You do not have permission to view this content.';

/** One section of the page: its kinds as a heading, the buttons that add one, then its lists. */
function KindsSection({
  section,
  actions,
  children,
}: {
  section: TributeKindDescriptor['section'];
  actions: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${section}-heading`;
  return (
    <section aria-labelledby={headingId} className={classes.section}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} id={headingId}>
            {kindsHeading(kindsIn(section))}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </section>
  );
}

interface TributesSectionProps {
  memorial: MemorialDetail;
  /** Null while the viewer's rights are still being fetched (see MemorialPage). */
  abilities: MemorialAbilities | null;
}

/**
 * Below a memorial's details: the tributes for everyone; the galleries for its family circle, or
 * for every visitor, read-only, when the family shares them.
 */
export function TributesSection({ memorial, abilities }: TributesSectionProps) {
  const { user } = useSession();
  const [dialog, setDialogState] = useState<TributeKindDescriptor | null>(null);
  const rememberOpener = useReturnFocus(dialog !== null);
  const open = (descriptor: TributeKindDescriptor) => {
    rememberOpener();
    setDialogState(descriptor);
  };
  const close = () => {
    setDialogState(null);
    setAsGuest(false);
  };
  const [asGuest, setAsGuest] = useState(false);
  // A guest has no account: only a memorial anyone may see without one takes their tribute.
  const guestsWelcome =
    memorial.allowGuestTributes &&
    (memorial.visibility === 'public' || memorial.visibility === 'unlisted');
  const postId = memorial._id;
  // The family may switch candles off: then the memorial shows none and offers none.
  const shown = (section: TributeKindDescriptor['section']) =>
    kindsOf(section).filter((descriptor) => descriptor.kind !== 'candles' || memorial.allowCandles);
  const lists = (section: TributeKindDescriptor['section']) =>
    shown(section).map((descriptor) => (
      <TributeList
        key={descriptor.kind}
        descriptor={descriptor}
        postId={postId}
        memorialTitle={memorial.title}
        pendingTributes={KINDS[descriptor.kind].moderated ? (memorial.pendingTributes ?? 0) : 0}
        canReorder={abilities?.manage ?? false}
        canAdd={
          descriptor.section === 'tributes'
            ? // Signed out, the tribute's dialog offers to log in or, where welcome, to leave it as a guest.
              abilities?.leaveTribute !== false
            : (abilities?.addToGalleries ?? false)
        }
      />
    ));
  const openButtons = (section: TributeKindDescriptor['section']) => (
    <Group gap="sm">
      {shown(section).map((descriptor, index) => (
        <Button
          key={descriptor.kind}
          variant={section === 'tributes' && index === 0 ? 'filled' : 'light'}
          onClick={() => open(descriptor)}
        >
          {descriptor.openLabel}
        </Button>
      ))}
    </Group>
  );

  function dialogBody(descriptor: TributeKindDescriptor) {
    const may =
      descriptor.section === 'tributes' ? abilities?.leaveTribute : abilities?.addToGalleries;
    if (!may) {
      if (abilities === null && user) return <SectionLoader py="xl" label="Loading the form…" />;
      if (!user && guestsWelcome && KINDS[descriptor.kind].guests) {
        const kind = descriptor.kind as GuestKind;
        if (asGuest) return <GuestTributeForm kind={kind} postId={postId} onCancel={close} />;
        return (
          <Stack gap="md">
            <Text>
              {`Log in or sign up to leave it under your account, or leave it as a guest with your name and email address.`}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                component={Link}
                to={paths.signUp.href(paths.post.href(postId))}
              >
                Sign up
              </Button>
              <Button
                variant="default"
                component={Link}
                to={paths.login.href(paths.post.href(postId))}
              >
                Log in
              </Button>
              <Button onClick={() => setAsGuest(true)}>Leave it as a guest</Button>
            </Group>
          </Stack>
        );
      }
      return (
        <Stack gap="md">
          <Text>
            {user
              ? 'You cannot add to this memorial.'
              : 'Please log in to leave a tribute on this memorial.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {user ? null : (
              <Button component={Link} to={paths.login.href(paths.post.href(postId))}>
                Log in
              </Button>
            )}
          </Group>
        </Stack>
      );
    }
    switch (descriptor.form) {
      case 'flower':
        return <FlowerForm postId={postId} onDone={close} onCancel={close} />;
      case 'candle':
        return <CandleForm postId={postId} onDone={close} onCancel={close} />;
      case 'text':
        return (
          <TextTributeForm kind={descriptor.kind} postId={postId} onDone={close} onCancel={close} />
        );
      case 'upload':
        return (
          <UploadTributeForm
            kind={descriptor.kind}
            postId={postId}
            fullName={user?.fullName ?? ''}
            onDone={close}
            onCancel={close}
          />
        );
    }
  }

  return (
    <Stack gap="xl">
      <KindsSection section="tributes" actions={openButtons('tributes')}>
        {lists('tributes')}
      </KindsSection>

      <KindsSection
        section="galleries"
        actions={abilities?.addToGalleries ? openButtons('galleries') : null}
      >
        {abilities === null ? (
          <SectionLoader label="Loading the galleries…" />
        ) : abilities.viewGalleries ? (
          lists('galleries')
        ) : (
          <Alert color="slate" variant="light" title={NO_PERMISSION}>
            {`Only the family who created this memorial and the contributors they chose can see and add ${kindsInWords(kindsIn('galleries'))}.`}
          </Alert>
        )}
      </KindsSection>

      {/* Mounted only while open, like every dialog of this page. */}
      {dialog ? (
        <FormModal opened onClose={close} title={dialog.dialogTitle} size="lg">
          <Suspense fallback={<SectionLoader py="xl" label="Loading the form…" />}>
            {dialogBody(dialog)}
          </Suspense>
        </FormModal>
      ) : null}
    </Stack>
  );
}
