import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { MemorialAccessView, MemorialDetail } from '@rips/shared/memorials';
import type { TributeItem } from '@rips/shared/tributes';
import { SectionLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useSession } from '@/lib/use-session';
import { TEXTS } from '../lib/texts';
import type { GalleryKind } from './gallery-upload-form';
import { DocumentList, FlowerList, PictureGallery, PrayerList } from './tribute-lists';
import classes from './tributes.module.css';

// The forms (and the validation and inputs they bring) load when someone opens one: most
// visitors read a memorial without leaving a tribute.
const FlowerForm = lazy(() => import('./flower-form').then((m) => ({ default: m.FlowerForm })));
const PrayerForm = lazy(() => import('./prayer-form').then((m) => ({ default: m.PrayerForm })));
const GalleryUploadForm = lazy(() =>
  import('./gallery-upload-form').then((m) => ({ default: m.GalleryUploadForm })),
);

type Dialog = 'flower' | 'prayer' | GalleryKind | null;

const DIALOG_TITLES: Record<Exclude<Dialog, null>, string> = {
  flower: 'Leave A Flower',
  prayer: 'Say A Prayer',
  photos: 'Add Photo',
  memorablias: 'Add Memorablia',
  documents: 'Add Document',
};

interface TributesSectionProps {
  memorial: MemorialDetail;
  /** Null while the viewer's rights are still being fetched (see MemorialPage). */
  access: MemorialAccessView | null;
}

/** Below a memorial's details: flowers and prayers for everyone, galleries for its family circle. */
export function TributesSection({ memorial, access }: TributesSectionProps) {
  const { user } = useSession();
  const [dialog, setDialogState] = useState<Dialog>(null);
  const rememberOpener = useReturnFocus(dialog !== null);
  const setDialog = (next: Exclude<Dialog, null>) => {
    rememberOpener();
    setDialogState(next);
  };
  const close = () => setDialogState(null);
  const postId = memorial._id;
  const mayRemove = (item: TributeItem) =>
    Boolean(user) && (Boolean(access?.canManage) || item.owner._id === user?._id);

  function dialogBody(which: Exclude<Dialog, null>) {
    if (!user) {
      return (
        <Stack gap="md">
          <Text>Please log in to leave a tribute on this memorial.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button component={Link} to={paths.login.href()}>
              Login
            </Button>
          </Group>
        </Stack>
      );
    }
    if (which === 'flower') return <FlowerForm postId={postId} onDone={close} onCancel={close} />;
    if (which === 'prayer') return <PrayerForm postId={postId} onDone={close} onCancel={close} />;
    return (
      <GalleryUploadForm
        kind={which}
        postId={postId}
        fullName={user.fullName}
        onDone={close}
        onCancel={close}
      />
    );
  }

  return (
    <Stack gap="xl">
      <section aria-labelledby="tributes-heading" className={classes.section}>
        <Stack gap="lg">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} id="tributes-heading">
              Flowers and prayers
            </Title>
            <Group gap="sm">
              <Button onClick={() => setDialog('flower')}>Leave A Flower</Button>
              <Button variant="light" onClick={() => setDialog('prayer')}>
                Say A Prayer
              </Button>
            </Group>
          </Group>
          <FlowerList postId={postId} memorialTitle={memorial.title} mayRemove={mayRemove} />
          <PrayerList postId={postId} mayRemove={mayRemove} />
        </Stack>
      </section>

      <section aria-labelledby="galleries-heading" className={classes.section}>
        <Stack gap="lg">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} id="galleries-heading">
              Photos, memorablia and documents
            </Title>
            {access?.canContribute ? (
              <Group gap="sm">
                <Button variant="light" onClick={() => setDialog('photos')}>
                  Photos
                </Button>
                <Button variant="light" onClick={() => setDialog('memorablias')}>
                  Memoreblia
                </Button>
                <Button variant="light" onClick={() => setDialog('documents')}>
                  Document
                </Button>
              </Group>
            ) : null}
          </Group>
          {access === null ? (
            <SectionLoader label="Loading the galleries…" />
          ) : access.canContribute ? (
            <>
              <PictureGallery
                kind="photos"
                postId={postId}
                memorialTitle={memorial.title}
                mayRemove={mayRemove}
              />
              <PictureGallery
                kind="memorablias"
                postId={postId}
                memorialTitle={memorial.title}
                mayRemove={mayRemove}
              />
              <DocumentList postId={postId} mayRemove={mayRemove} />
            </>
          ) : (
            <Alert color="slate" variant="light" title={TEXTS.noPermission}>
              Only the family who created this memorial and the contributors they chose can see and
              add photos, memorablia and documents.
            </Alert>
          )}
        </Stack>
      </section>

      {/* Mounted only while open, like every dialog of this page. */}
      {dialog ? (
        <Modal opened onClose={close} title={DIALOG_TITLES[dialog]} size="lg" radius="lg">
          <Suspense fallback={<SectionLoader py="xl" label="Loading the form…" />}>
            {dialogBody(dialog)}
          </Suspense>
        </Modal>
      ) : null}
    </Stack>
  );
}
