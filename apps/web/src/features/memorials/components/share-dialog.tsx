import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemorialDetail, PosterSize } from '@rips/shared/memorials';
import type { ModalControl } from '@/components/form-modal';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { fileNameStem, saveFile } from '@/lib/save-file';
import { useObjectUrl } from '@/lib/use-object-url';
import { getMemorialBook, getPoster, getQrCode, qrCodeQuery } from '../api/memorials.api';
import classes from './memorials.module.css';

interface ShareDialogProps extends ModalControl {
  memorial: MemorialDetail;
}

const POSTERS: Array<{ size: PosterSize; label: string }> = [
  { size: 'a4', label: 'Poster (A4)' },
  { size: 'letter', label: 'Poster (Letter)' },
];

const BOOKS: Array<{ size: PosterSize; label: string }> = [
  { size: 'a4', label: 'Memorial book (A4)' },
  { size: 'letter', label: 'Memorial book (Letter)' },
];

/**
 * Share: the memorial's short link to copy, its QR code to show or save, a printable poster, the
 * memorial book for those allowed it, and the device's own share sheet where the browser has one. Files are fetched with the session, so
 * a memorial only its family may see can be shared by them too.
 */
export function ShareDialog({ memorial, opened, onClose }: ShareDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Share this memorial" size="lg" radius="lg">
      {opened ? <ShareOptions memorial={memorial} /> : null}
    </Modal>
  );
}

/** One way to share: its heading, what it is good for, and its controls. */
function ShareWay({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      {children}
    </Stack>
  );
}

type CopyState = 'idle' | 'copied' | 'manual';

function ShareOptions({ memorial }: { memorial: MemorialDetail }) {
  const linkInput = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const qr = useQuery(qrCodeQuery(memorial._id, memorial.shortUrl));
  const qrUrl = useObjectUrl(qr.data);
  const stem = fileNameStem(memorial.title, 'memorial');
  const canShare = typeof navigator.share === 'function';

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(memorial.shortUrl);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected instead.
      linkInput.current?.select();
      setCopy('manual');
    }
  };

  const download = async (key: string, load: () => Promise<Blob>, fileName: string) => {
    setBusy(key);
    setFailure(null);
    try {
      saveFile(await load(), fileName);
    } catch (error) {
      setFailure(errorMessage(error, 'The file could not be made. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const shareNatively = async () => {
    try {
      await navigator.share({
        title: memorial.title,
        text: `In loving memory of ${memorial.title}`,
        url: memorial.shortUrl,
      });
    } catch {
      // Closing the share sheet rejects too; there is nothing to report.
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            ref={linkInput}
            label="Link to this memorial"
            value={memorial.shortUrl}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            className={classes.shareLink}
          />
          <Button onClick={() => void copyLink()}>Copy link</Button>
        </Group>
        <Text size="sm" role="status" aria-live="polite" c={copy === 'manual' ? 'red.8' : 'dimmed'}>
          {copy === 'copied'
            ? `Link copied: ${memorial.shortUrl}`
            : copy === 'manual'
              ? 'Your browser did not let us copy. The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.'
              : null}
        </Text>
        {canShare ? (
          <Group>
            <Button variant="default" onClick={() => void shareNatively()}>
              More ways to share…
            </Button>
          </Group>
        ) : null}
      </Stack>

      <ShareWay
        title="QR code"
        intro="A phone's camera opens the memorial from it: for an order of service, a card or a headstone."
      >
        <Center className={classes.qrFrame}>
          {qrUrl ? (
            <img
              src={qrUrl}
              alt={`QR code that opens the memorial of ${memorial.title}`}
              width={180}
              height={180}
            />
          ) : qr.isError ? (
            <Text size="sm" c="red.8" role="alert">
              The QR code could not be loaded. Please try again.
            </Text>
          ) : (
            <Loader size="sm" aria-label="Loading the QR code" />
          )}
        </Center>
        <Group>
          <Button
            variant="default"
            loading={busy === 'qr'}
            onClick={() =>
              void download('qr', () => getQrCode(memorial._id, 'png'), `${stem}-qr-code.png`)
            }
          >
            Download QR code
          </Button>
        </Group>
      </ShareWay>

      <ShareWay
        title="Printable poster"
        intro="The photo, name and dates, your poster line, the QR code and the link, ready to print."
      >
        <Group>
          {POSTERS.map(({ size, label }) => (
            <Button
              key={size}
              variant="default"
              loading={busy === size}
              onClick={() =>
                void download(
                  size,
                  () => getPoster(memorial._id, size),
                  `${stem}-poster-${size}.pdf`,
                )
              }
            >
              {label}
            </Button>
          ))}
        </Group>
      </ShareWay>
      {memorial.abilities.book ? (
        <ShareWay
          title="Download the memorial book (PDF)"
          intro="The life story, timeline, photos, tributes, events and charities as a book to print or keep. It can take a minute for a large memorial."
        >
          <Group>
            {BOOKS.map(({ size, label }) => (
              <Button
                key={size}
                variant="default"
                loading={busy === `book-${size}`}
                disabled={busy !== null && busy !== `book-${size}`}
                onClick={() =>
                  void download(
                    `book-${size}`,
                    () => getMemorialBook(memorial._id, size),
                    `${stem}-book-${size}.pdf`,
                  )
                }
              >
                {label}
              </Button>
            ))}
          </Group>
        </ShareWay>
      ) : null}
      {failure ? (
        <Text size="sm" c="red.8" role="alert">
          {failure}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        This memorial is kept for good, and its family can take it whole at any time:{' '}
        <Anchor component={Link} to={paths.permanence.href()} inherit>
          our promise of permanence
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
