import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import type { AdminTribute, AdminUser } from '@rips/shared/admin';
import { ConfirmModal } from '@/components/confirm-modal';
import { paths } from '@/config/paths';
import { tributeKindByNoun } from '@/config/tribute-kinds';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import {
  adminCalls,
  useAdminAction,
  useAdminMemorials,
  useAdminTributes,
  useAdminUsers,
} from '../api/admin.api';

import { Pager } from './pager';

const ACTION_FAILED = 'That change could not be made. Please try again.';
const ROLE_LABELS = { visitor: 'Member', sponsor: 'Sponsor', admin: 'Administrator' } as const;

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function notifyResult(result: { message: string }) {
  notify.success(result.message);
}
function notifyFailure(error: unknown) {
  notify.error(errorMessage(error, ACTION_FAILED));
}

export default function AdminPage() {
  useDocumentTitle('Administration');
  const { user, isAdmin } = useSession();
  if (!user) return <Navigate to={paths.login.href()} replace />;
  if (!isAdmin) {
    return (
      <Container size="sm" py={48}>
        <Title order={1} mb="md">
          Administration
        </Title>
        <Alert color="slate" variant="light">
          This page is for administrators. If you need help with your account, please{' '}
          <Anchor component={Link} to={paths.contactUs.href()} inherit>
            contact us
          </Anchor>
          .
        </Alert>
      </Container>
    );
  }
  return (
    <Container py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>Administration</Title>
        <Text c="dimmed">
          Appoint sponsors, look after accounts, choose featured memorials and keep tributes kind.
        </Text>
      </Stack>
      <Tabs defaultValue="members" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="members">Members</Tabs.Tab>
          <Tabs.Tab value="memorials">Memorials</Tabs.Tab>
          <Tabs.Tab value="tributes">Tributes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members">
          <MembersPanel myId={user._id} />
        </Tabs.Panel>
        <Tabs.Panel value="memorials">
          <MemorialsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="tributes">
          <TributesPanel />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={420}
      mb="md"
    />
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Loader aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </Center>
  );
}

function ScrollTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        <Table verticalSpacing="sm" horizontalSpacing="md" striped>
          {children}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function MembersPanel({ myId }: { myId: string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useAdminUsers(debounced, page);
  const sponsor = useAdminAction(adminCalls.setSponsor);
  const status = useAdminAction(adminCalls.setDisabled);
  const [disabling, setDisabling] = useState<AdminUser | null>(null);

  return (
    <section aria-label="Members">
      <SearchBox
        label="Search members by name, username or email"
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />
      {users.isPending ? (
        <Loading label="Loading members…" />
      ) : users.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(users.error)}
        </Alert>
      ) : (
        <>
          <ScrollTable label="Members table" minWidth={820}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Member</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.data.map((member) => {
                const isMe = member._id === myId;
                return (
                  <Table.Tr key={member._id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={member.avatar} alt="" size={36} radius="50%" color="sage">
                          {member.fullName.slice(0, 1).toUpperCase()}
                        </Avatar>
                        <div>
                          <Text fw={600} size="sm">
                            {member.fullName}{' '}
                            {isMe ? (
                              <Badge size="xs" variant="outline">
                                You
                              </Badge>
                            ) : null}
                          </Text>
                          <Text size="sm" c="dimmed">
                            @{member.userName}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={member.roles === 'visitor' ? 'slate' : 'sage'}>
                        {ROLE_LABELS[member.roles]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {member.disabled ? (
                        <Badge color="red" variant="light">
                          Disabled
                        </Badge>
                      ) : (
                        <Text size="sm">Active</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {member.roles !== 'admin' ? (
                          <Button
                            size="compact-sm"
                            variant="light"
                            loading={sponsor.isPending && sponsor.variables?.id === member._id}
                            aria-label={`${member.roles === 'sponsor' ? 'Revoke sponsor from' : 'Grant sponsor to'} ${member.userName}`}
                            onClick={() =>
                              sponsor.mutate(
                                { id: member._id, sponsor: member.roles !== 'sponsor' },
                                { onSuccess: notifyResult, onError: notifyFailure },
                              )
                            }
                          >
                            {member.roles === 'sponsor' ? 'Revoke sponsor' : 'Grant sponsor'}
                          </Button>
                        ) : null}
                        {!isMe ? (
                          <Button
                            size="compact-sm"
                            variant={member.disabled ? 'light' : 'subtle'}
                            color={member.disabled ? 'sage' : 'red'}
                            aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${member.userName}`}
                            loading={status.isPending && status.variables?.id === member._id}
                            onClick={() =>
                              member.disabled
                                ? status.mutate(
                                    { id: member._id, disabled: false },
                                    { onSuccess: notifyResult, onError: notifyFailure },
                                  )
                                : setDisabling(member)
                            }
                          >
                            {member.disabled ? 'Enable' : 'Disable'}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ScrollTable>
          <Pager
            page={page}
            limit={users.data.limit}
            total={users.data.total}
            label="members"
            onChange={setPage}
          />
        </>
      )}
      <ConfirmModal
        opened={disabling !== null}
        title="Disable this account?"
        body={
          disabling
            ? `${disabling.fullName} (@${disabling.userName}) will be signed out everywhere and will not be able to log in until you enable the account again.`
            : ''
        }
        confirmLabel="Disable account"
        busy={status.isPending}
        onClose={() => setDisabling(null)}
        onConfirm={() =>
          disabling &&
          status.mutate(
            { id: disabling._id, disabled: true },
            {
              onSuccess: (r) => {
                notifyResult(r);
                setDisabling(null);
              },
              onError: notifyFailure,
            },
          )
        }
      />
    </section>
  );
}

function MemorialsPanel() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const memorials = useAdminMemorials(debounced, page);
  const featured = useAdminAction(adminCalls.setFeatured);

  return (
    <section aria-label="Memorials">
      <SearchBox
        label="Search memorials by title"
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />
      {memorials.isPending ? (
        <Loading label="Loading memorials…" />
      ) : memorials.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(memorials.error)}
        </Alert>
      ) : (
        <>
          <ScrollTable label="Memorials table" minWidth={700}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Memorial</Table.Th>
                <Table.Th scope="col">Sponsored by</Table.Th>
                <Table.Th scope="col">Created</Table.Th>
                <Table.Th scope="col">Featured</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {memorials.data.data.map((memorial) => (
                <Table.Tr key={memorial._id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.post.href(memorial._id)} fw={600}>
                      {memorial.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{memorial.owner.fullName}</Table.Td>
                  <Table.Td>{longDate(memorial.createdAt)}</Table.Td>
                  <Table.Td>
                    {memorial.featured ? (
                      <Badge variant="light" color="sage">
                        Honored legend
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        No
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={`${memorial.featured ? 'Unfeature' : 'Feature'} ${memorial.title}`}
                      loading={featured.isPending && featured.variables?.id === memorial._id}
                      onClick={() =>
                        featured.mutate(
                          { id: memorial._id, featured: !memorial.featured },
                          { onSuccess: notifyResult, onError: notifyFailure },
                        )
                      }
                    >
                      {memorial.featured ? 'Unfeature' : 'Feature'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          <Pager
            page={page}
            limit={memorials.data.limit}
            total={memorials.data.total}
            label="memorials"
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}

/** The kind's label and colour; a kind this page does not know yet is a plain "Tribute". */
function kindOf(tribute: AdminTribute) {
  return tributeKindByNoun(tribute.kind) ?? { noun: 'tribute', label: 'Tribute', color: 'slate' };
}

function TributesPanel() {
  const [page, setPage] = useState(1);
  const tributes = useAdminTributes(page);
  const remove = useAdminAction(adminCalls.removeTribute);
  const [removing, setRemoving] = useState<AdminTribute | null>(null);

  return (
    <section aria-label="Recent tributes">
      <Text c="dimmed" mb="md">
        The newest flowers and prayers on every memorial. Remove anything unkind or out of place.
      </Text>
      {tributes.isPending ? (
        <Loading label="Loading tributes…" />
      ) : tributes.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(tributes.error)}
        </Alert>
      ) : tributes.data.data.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">No flowers or prayers have been left yet.</Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tributes.data.data.map((tribute) => {
            const kind = kindOf(tribute);
            return (
              <Paper
                key={`${tribute.kind}-${tribute._id}`}
                component="li"
                withBorder
                radius="md"
                p="md"
              >
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
                  <Group
                    align="flex-start"
                    gap="md"
                    wrap="nowrap"
                    style={{ flex: '1 1 300px', minWidth: 0 }}
                  >
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
                        Left By {tribute.author.fullName} (@{tribute.author.userName}) On{' '}
                        {longDate(tribute.createdAt)}
                      </Text>
                    </Stack>
                  </Group>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${kind.noun} by ${tribute.author.fullName} on ${tribute.memorial.title}`}
                    onClick={() => setRemoving(tribute)}
                  >
                    Remove
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {tributes.data ? (
        <Pager
          page={page}
          limit={tributes.data.limit}
          total={tributes.data.total}
          label="tributes"
          onChange={setPage}
        />
      ) : null}
      <ConfirmModal
        opened={removing !== null}
        title={`Remove this ${removing ? kindOf(removing).noun : 'tribute'}?`}
        body="It will be removed from the memorial for everyone. This cannot be undone."
        confirmLabel="Remove"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { kind: removing.kind, id: removing._id },
            {
              onSuccess: (r) => {
                notifyResult(r);
                setRemoving(null);
              },
              onError: notifyFailure,
            },
          )
        }
      />
    </section>
  );
}
