import { Anchor, Badge, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminTribute } from '@rips/shared/admin';
import { kindsInWords } from '@rips/shared/kinds';
import { ConfirmModal } from '@/components/confirm-modal';
import { paths } from '@/config/paths';
import { MODERATED_KINDS, tributeKindByNoun } from '@/config/tribute-kinds';
import { longDateOfMoment } from '@/lib/long-date';
import { adminCalls, useConfirmedAction } from '../api/admin.api';
import { PagedPanel } from './paged-panel';

/** The kind's label and colour; a kind this page does not know yet is a plain "Tribute". */
function kindOf(tribute: AdminTribute) {
  return tributeKindByNoun(tribute.kind) ?? { noun: 'tribute', label: 'Tribute', color: 'slate' };
}

/**
 * The newest items of the moderated kinds on every memorial (the admin API lists those), each
 * with Remove (after a confirmation); the wording names the kinds from the shared list.
 */
export function TributesPanel() {
  const remove = useConfirmedAction(
    adminCalls.removeTribute,
    (tribute: AdminTribute) => ({
      kind: tribute.kind,
      id: tribute._id,
      memorialId: tribute.memorial._id,
    }),
    // The memorial page's lists no longer show it.
    ({ memorialId }) => ({ change: 'tributes', memorialId }),
  );
  const removing = remove.asking;

  return (
    <>
      <PagedPanel
        list="tributes"
        intro={
          <Text c="dimmed" mb="md">
            {`The newest ${kindsInWords(MODERATED_KINDS)} on every memorial. Remove anything unkind or out of place.`}
          </Text>
        }
      >
        {(tributes) =>
          tributes.length === 0 ? (
            <Paper withBorder p="lg" radius="md">
              <Text c="dimmed">{`No ${kindsInWords(MODERATED_KINDS, 'or')} have been left yet.`}</Text>
            </Paper>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {tributes.map((tribute) => (
                <TributeRow
                  key={`${tribute.kind}-${tribute._id}`}
                  tribute={tribute}
                  onRemove={() => remove.ask(tribute)}
                />
              ))}
            </Stack>
          )
        }
      </PagedPanel>
      <ConfirmModal
        {...remove.modal}
        title={`Remove this ${removing ? kindOf(removing).noun : 'tribute'}?`}
        body="It will be removed from the memorial for everyone. This cannot be undone."
        confirmLabel="Remove"
      />
    </>
  );
}

function TributeRow({ tribute, onRemove }: { tribute: AdminTribute; onRemove: () => void }) {
  const kind = kindOf(tribute);
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group align="flex-start" gap="md" wrap="nowrap" style={{ flex: '1 1 300px', minWidth: 0 }}>
          {tribute.image ? (
            <Image
              src={tribute.image}
              alt={`${kind.label} left by ${tribute.author.fullName}`}
              w={72}
              h={72}
              radius="sm"
              fit="cover"
            />
          ) : null}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge variant="light" color={kind.color}>
                {kind.label}
              </Badge>
              <Anchor
                component={Link}
                to={paths.post.href(tribute.memorial._id)}
                size="sm"
                fw={600}
              >
                {tribute.memorial.title}
              </Anchor>
            </Group>
            {tribute.text ? (
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {tribute.text}
              </Text>
            ) : null}
            {!tribute.image && tribute.bouquet ? (
              <Text size="sm">Bouquet: {tribute.bouquet}</Text>
            ) : null}
            <Text size="sm" c="dimmed">
              Left By {tribute.author.fullName}
              {tribute.author.userName ? ` (@${tribute.author.userName})` : ''} On{' '}
              {longDateOfMoment(tribute.createdAt)}
            </Text>
          </Stack>
        </Group>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Remove ${kind.noun} by ${tribute.author.fullName} on ${tribute.memorial.title}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
}
