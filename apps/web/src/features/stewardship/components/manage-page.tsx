import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Image,
  Loader,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { KIND_LIST, kindAt, kindsInWords } from '@rips/shared/kinds';
import type { MemorialDetail, MemorialVisibility } from '@rips/shared/memorials';
import {
  CreateInvitationSchema,
  GRANTABLE_ROLES,
  ROLE_LABELS,
  TRANSFER_OFFER_DAYS,
  UserChoiceSchema,
  type GrantableRole,
  type ModerationItem,
  type PendingInvitation,
  type People,
  type Person,
  type UpdateSettings,
} from '@rips/shared/stewardship';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { PageLoader } from '@/components/page-loader';
import { VisibilityChoices } from '@/components/visibility-choices';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { longDateOfMoment, longDateTimeOfMoment } from '@/lib/long-date';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useZodForm } from '@/lib/use-zod-form';
import {
  accessRequestsQuery,
  activityQuery,
  moderationQuery,
  peopleQuery,
  useChangeRole,
  useDecideAccess,
  useInvite,
  useModerate,
  useOfferTransfer,
  useRemovePerson,
  useResendInvitation,
  useSetSuccessor,
  useUpdateSettings,
  useWithdrawInvitation,
  useWithdrawTransfer,
} from '../api/stewardship.api';

/** The Manage area's tabs, in their order: each one's label and panel. */
const TABS = {
  settings: { label: 'Privacy', Panel: SettingsPanel },
  people: { label: 'People', Panel: PeoplePanel },
  moderation: { label: 'Moderation', Panel: ModerationPanel },
  activity: { label: 'Activity', Panel: ActivityPanel },
  ownership: { label: 'Ownership', Panel: OwnershipPanel },
};
type Tab = keyof typeof TABS;
const TAB_KEYS = Object.keys(TABS) as Tab[];

/** A panel's data once loaded; until then a small spinner, or the failure in the server's words. */
function Loaded<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  return children(query.data);
}

/**
 * /post/:id/manage/:tab: the owner's and managers' area of a memorial. The memorial is the
 * memorial feature's query, which the route composing this page (app/routes/manage.tsx) passes in.
 */
export default function ManagePage({ memorial }: { memorial: UseQueryResult<MemorialDetail> }) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  useDocumentTitle(memorial.data ? `Manage ${memorial.data.title}` : 'Manage');
  if (!user) return <Navigate to={paths.login.href()} replace />;
  if (memorial.isPending) return <PageLoader />;
  if (memorial.isError || !memorial.data.abilities.manage) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Not available">
          {memorial.isError
            ? errorMessage(memorial.error)
            : 'Only the owner and managers of this memorial can manage it.'}
        </Alert>
      </Container>
    );
  }
  const current: Tab = TAB_KEYS.includes(tab as Tab) ? (tab as Tab) : 'settings';
  const m = memorial.data;
  // Only the owner (and admins) may hand the memorial on.
  const shown = TAB_KEYS.filter((t) => t !== 'ownership' || m.abilities.transfer);
  return (
    <Container size="md" py={{ base: 24, sm: 40 }}>
      <meta name="robots" content="noindex" />
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={paths.post.href(m._id)} size="sm">
            ← Back to the memorial
          </Anchor>
          <Title order={1} mt="xs" style={{ overflowWrap: 'anywhere' }}>
            Manage {m.title}
          </Title>
          <Text c="dimmed">You look after this memorial as its {m.myRole ?? 'administrator'}.</Text>
        </div>
        <Tabs
          value={current}
          onChange={(value) => void navigate(paths.manage.href(m._id, value ?? 'settings'))}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            {shown.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {TABS[t].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {shown.map((t) => {
            const { Panel } = TABS[t];
            return (
              <Tabs.Panel key={t} value={t}>
                <Panel memorial={m} />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </Container>
  );
}

/** The settings that are on or off; some only count for memorials of one visibility. */
const SWITCHES: Array<{
  label: string;
  description: string;
  isOn: (memorial: MemorialDetail) => boolean;
  turn: (on: boolean) => UpdateSettings;
  onlyFor?: MemorialVisibility;
}> = [
  {
    label: 'Let search engines show this memorial',
    description:
      'Only for memorials everyone may see; otherwise search engines are always asked to skip it.',
    isOn: (memorial) => memorial.indexable,
    turn: (on) => ({ indexable: on }),
    onlyFor: 'public',
  },
  {
    label: `Approve ${kindsInWords(KIND_LIST.filter((kind) => kind.moderated))} before they appear`,
    description: 'Visitors see their own as awaiting approval until you or a manager approves it.',
    isOn: (memorial) => memorial.tributeModeration === 'approve',
    turn: (on) => ({ tributeModeration: on ? 'approve' : 'open' }),
  },
  {
    label: 'Let people who cannot see it ask to join',
    description: 'For private memorials: others see only its name and may send a request.',
    isOn: (memorial) => memorial.allowAccessRequests,
    turn: (on) => ({ allowAccessRequests: on }),
    onlyFor: 'private',
  },
];

/** A mutation's callbacks that say how it went: `message` on success (then `after`), else the error. */
function outcome(message: string, after?: () => void) {
  return {
    onSuccess: () => {
      notify.success(message);
      after?.();
    },
    onError: (error: unknown) => notify.error(errorMessage(error)),
  };
}

/**
 * The outcome of an action whose row leaves the list when it succeeds (an invitation sent again
 * gets a new id; a withdrawn one goes): told from the promise, which settles even though the row,
 * and with it `mutate`'s own callbacks, are gone by then.
 */
function told(done: Promise<unknown>, message: string) {
  done.then(
    () => notify.success(message),
    (error: unknown) => notify.error(errorMessage(error)),
  );
}

function SettingsPanel({ memorial }: { memorial: MemorialDetail }) {
  const mutation = useUpdateSettings(memorial._id);
  const save = (change: UpdateSettings) =>
    mutation.mutate(change, outcome('The memorial’s settings were saved.'));
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Radio.Group
          label="Who may see this memorial?"
          value={memorial.visibility}
          onChange={(value) => save({ visibility: value as MemorialVisibility })}
        >
          <VisibilityChoices disabled={mutation.isPending} />
        </Radio.Group>
        {SWITCHES.map((setting) => (
          <Switch
            key={setting.label}
            label={setting.label}
            description={setting.description}
            checked={setting.isOn(memorial)}
            disabled={
              (setting.onlyFor !== undefined && memorial.visibility !== setting.onlyFor) ||
              mutation.isPending
            }
            onChange={(event) => save(setting.turn(event.currentTarget.checked))}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/** The answers to a request to see the memorial, and what each says once done. */
const DECISIONS: Array<{
  action: 'approve' | 'decline';
  label: string;
  variant?: 'default';
  decided: string;
}> = [
  { action: 'approve', label: 'Approve', decided: 'Approved.' },
  { action: 'decline', label: 'Decline', variant: 'default', decided: 'Declined.' },
];

/** "Manager", "Contributor", "Viewer": the first words of the role's label. */
function roleName(role: GrantableRole): string {
  return ROLE_LABELS[role].split(':')[0]!;
}

/**
 * A pending invitation, with Send again (a new link; the old one stops working) and Withdraw
 * (no link works). A manager's buttons on the owner's invitation of a manager are refused by the
 * server with its reason. The two mutations belong to the list: the row itself is replaced once
 * the list refreshes (a new invitation, or none), and a row's own mutation would then never say
 * how it went.
 */
function WaitingInvitation({
  invitation,
  resend,
  withdraw,
}: {
  invitation: PendingInvitation;
  resend: ReturnType<typeof useResendInvitation>;
  withdraw: ReturnType<typeof useWithdrawInvitation>;
}) {
  const { _id, email, role, expiresAt } = invitation;
  const mine = (mutation: { isPending: boolean; variables?: string }) =>
    mutation.isPending && mutation.variables === _id;
  const busy = resend.isPending || withdraw.isPending;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" style={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>
        {email} as {roleName(role).toLowerCase()}, until {longDateOfMoment(expiresAt)}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          disabled={busy}
          loading={mine(resend)}
          aria-label={`Send the invitation to ${email} again`}
          onClick={() =>
            told(resend.mutateAsync(_id), `The invitation was emailed to ${email} again.`)
          }
        >
          Send again
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          disabled={busy}
          loading={mine(withdraw)}
          aria-label={`Withdraw the invitation to ${email}`}
          onClick={() =>
            told(withdraw.mutateAsync(_id), `The invitation to ${email} was withdrawn.`)
          }
        >
          Withdraw
        </Button>
      </Group>
    </Group>
  );
}

function PeoplePanel({ memorial }: { memorial: MemorialDetail }) {
  const people = useQuery(peopleQuery(memorial._id));
  const requests = useQuery(accessRequestsQuery(memorial._id));
  const changeRole = useChangeRole(memorial._id);
  const remove = useRemovePerson(memorial._id);
  const resendInvitation = useResendInvitation(memorial._id);
  const withdrawInvitation = useWithdrawInvitation(memorial._id);
  const decide = useDecideAccess(memorial._id);
  // Removing someone asks first: they lose what their role gave them at once.
  const [removing, setRemoving] = useState<Person | null>(null);
  return (
    <Stack gap="lg">
      <InviteForm memorial={memorial} />
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          People
        </Title>
        {people.isPending ? (
          <Loader size="sm" aria-label="Loading people" />
        ) : people.isError ? (
          <Alert color="red">{errorMessage(people.error)}</Alert>
        ) : (
          // A list of wrapping rows, not a table: on a phone each person's role and Remove
          // move under their name instead of being cut off.
          <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {people.data.people.map((p) => (
              <Group
                component="li"
                key={p._id}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                py="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group gap="xs" style={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <Text fw={600}>{p.fullName}</Text>
                  {p.isSuccessor ? <Badge variant="light">successor</Badge> : null}
                </Group>
                {p.role === 'owner' ? (
                  <Text>Owner</Text>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <NativeSelect
                      w={150}
                      aria-label={`Role of ${p.fullName}`}
                      value={p.role}
                      data={GRANTABLE_ROLES.map((r) => ({ value: r, label: roleName(r) }))}
                      onChange={(event) =>
                        changeRole.mutate(
                          { userId: p._id, role: event.currentTarget.value as GrantableRole },
                          outcome(
                            `${p.fullName} is now a ${roleName(event.currentTarget.value as GrantableRole).toLowerCase()}.`,
                          ),
                        )
                      }
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={`Remove ${p.fullName}`}
                      onClick={() => setRemoving(p)}
                    >
                      Remove
                    </Button>
                  </Group>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {people.data?.invitations.length ? (
          <Stack gap={4} mt="md">
            <Text fw={600}>Invitations waiting</Text>
            <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {people.data.invitations.map((i) => (
                <WaitingInvitation
                  key={i._id}
                  invitation={i}
                  resend={resendInvitation}
                  withdraw={withdrawInvitation}
                />
              ))}
            </Stack>
          </Stack>
        ) : null}
        <ConfirmModal
          opened={removing !== null}
          busy={remove.isPending}
          title={`Remove ${removing?.fullName ?? 'this person'}?`}
          body={`They will no longer ${removing?.role === 'viewer' ? 'see this memorial if it is private' : 'help look after this memorial'}. You can invite them again later.`}
          confirmLabel="Remove"
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            if (!removing) return;
            const { _id, fullName } = removing;
            remove.mutate(
              _id,
              outcome(`${fullName} was removed.`, () => setRemoving(null)),
            );
          }}
        />
      </Paper>
      {requests.data?.length ? (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Requests to see this memorial
          </Title>
          <Stack gap="sm">
            {requests.data.map((r) => (
              <Group key={r._id} justify="space-between" wrap="wrap">
                <Text>
                  {r.user.fullName}
                  {r.message ? `: “${r.message}”` : ''}
                </Text>
                <Group gap="xs">
                  {DECISIONS.map(({ action, label, variant, decided }) => (
                    <Button
                      key={action}
                      size="xs"
                      variant={variant}
                      aria-label={`${label} ${r.user.fullName}’s request`}
                      onClick={() => decide.mutate({ requestId: r._id, action }, outcome(decided))}
                    >
                      {label}
                    </Button>
                  ))}
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

interface PanelFormProps {
  title: string;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  busy: boolean;
  /** The submit button's words. */
  submit: string;
  children: ReactNode;
}

/** A panel holding one form: its heading, its fields, and its submit button. */
function PanelForm({ title, onSubmit, busy, submit, children }: PanelFormProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {children}
          <Group>
            <Button type="submit" loading={busy}>
              {submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function InviteForm({ memorial }: { memorial: MemorialDetail }) {
  const form = useZodForm(CreateInvitationSchema, {
    initialValues: { email: '', role: 'viewer' },
  });
  const invite = useInvite(memorial._id);
  const roles = memorial.abilities.transfer
    ? GRANTABLE_ROLES
    : GRANTABLE_ROLES.filter((r) => r !== 'manager');
  const onSubmit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: () => {
        notify.success(`An invitation was emailed to ${input.email}.`);
        form.reset();
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) notify.error(errorMessage(error));
      },
    }),
  );
  return (
    <PanelForm
      title="Invite family and friends"
      onSubmit={onSubmit}
      busy={invite.isPending}
      submit="Send invitation"
    >
      <TextInput
        label="Their email address"
        type="email"
        autoComplete="off"
        {...form.getInputProps('email')}
      />
      <NativeSelect
        label="Their role"
        data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        {...form.getInputProps('role')}
      />
    </PanelForm>
  );
}

type ModerationVerb = 'approve' | 'hide' | 'unhide' | 'delete';

/** One action of a moderation list: the button's word and what it says once done. */
interface ModerationChoice {
  action: ModerationVerb;
  label: string;
  done: (what: string) => string;
}

const MODERATION_CHOICES = {
  approve: { action: 'approve', label: 'Approve', done: (what) => `${what} is published.` },
  keep: {
    action: 'approve',
    label: 'Keep',
    done: (what) => `${what} stays on the memorial; its reports are closed.`,
  },
  hide: {
    action: 'hide',
    label: 'Hide',
    done: (what) => `${what} is hidden. You can show it again from Hidden.`,
  },
  unhide: { action: 'unhide', label: 'Show again', done: (what) => `${what} is shown again.` },
  delete: { action: 'delete', label: 'Delete', done: (what) => `${what} was deleted.` },
} satisfies Record<string, ModerationChoice>;

/** "the photo by Ann Lee": how a button's accessible name and the messages name an item. */
function itemName(item: ModerationItem): string {
  return `the ${kindAt(item.kind)?.noun ?? 'item'} by ${item.author.fullName}`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function ModerationList({
  memorial,
  title,
  items,
  choices,
}: {
  memorial: MemorialDetail;
  title: string;
  items: ModerationItem[];
  choices: readonly ModerationChoice[];
}) {
  const moderate = useModerate(memorial._id);
  // Deleting cannot be undone, so it asks first; hiding is the way back.
  const [deleting, setDeleting] = useState<ModerationItem | null>(null);
  const act = (item: ModerationItem, choice: ModerationChoice, after?: () => void) =>
    moderate.mutate(
      { kind: item.kind, itemId: item.itemId, action: choice.action },
      outcome(choice.done(capitalized(itemName(item))), after),
    );
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">Nothing here.</Text>
      ) : (
        <Stack gap="md">
          {items.map((item) => (
            <Stack key={item.itemId} gap={4}>
              <Text size="sm" c="dimmed">
                {capitalized(itemName(item).replace(/^the /, 'a '))}
              </Text>
              {item.text ? <Text>{item.text}</Text> : null}
              {item.image ? <Image src={item.image} alt="" w={96} h={96} radius="sm" /> : null}
              {item.reports.map((r) => (
                <Text key={r.createdAt + r.reason} size="sm">
                  Reported: {r.reason}
                </Text>
              ))}
              <Group gap="xs">
                {choices.map((choice) => (
                  <Button
                    key={choice.label}
                    size="xs"
                    variant={choice.action === 'delete' ? 'outline' : 'filled'}
                    color={choice.action === 'delete' ? 'red' : undefined}
                    aria-label={`${choice.label} ${itemName(item)}`}
                    disabled={moderate.isPending}
                    onClick={() =>
                      choice.action === 'delete' ? setDeleting(item) : act(item, choice)
                    }
                  >
                    {choice.label}
                  </Button>
                ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={deleting !== null}
        busy={moderate.isPending}
        title={`Delete ${deleting ? itemName(deleting) : 'this tribute'} for good?`}
        body="It will be gone from the memorial for everyone and cannot be brought back. Hide keeps it out of sight instead, and can be undone."
        confirmLabel="Delete for good"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) act(deleting, MODERATION_CHOICES.delete, () => setDeleting(null));
        }}
      />
    </Paper>
  );
}

/** The moderation queue's lists, each with the actions that suit it. */
const QUEUE_LISTS = [
  {
    key: 'pending',
    title: 'Awaiting approval',
    choices: [MODERATION_CHOICES.approve, MODERATION_CHOICES.hide, MODERATION_CHOICES.delete],
  },
  {
    key: 'reported',
    title: 'Reported',
    choices: [MODERATION_CHOICES.keep, MODERATION_CHOICES.hide, MODERATION_CHOICES.delete],
  },
  {
    key: 'hidden',
    title: 'Hidden',
    choices: [MODERATION_CHOICES.unhide, MODERATION_CHOICES.delete],
  },
] as const;

function ModerationPanel({ memorial }: { memorial: MemorialDetail }) {
  const queue = useQuery(moderationQuery(memorial._id));
  return (
    <Loaded query={queue}>
      {(lists) => (
        <Stack gap="lg">
          {QUEUE_LISTS.map(({ key, title, choices }) => (
            <ModerationList
              key={key}
              memorial={memorial}
              title={title}
              items={lists[key]}
              choices={choices}
            />
          ))}
        </Stack>
      )}
    </Loaded>
  );
}

function ActivityPanel({ memorial }: { memorial: MemorialDetail }) {
  const activity = useQuery(activityQuery(memorial._id));
  return (
    <Loaded query={activity}>
      {({ items }) => (
        <Paper withBorder radius="md" p="lg">
          {items.length === 0 ? (
            <Text c="dimmed">Nothing has changed yet.</Text>
          ) : (
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {items.map((a) => (
                <Text key={a._id} component="li" size="sm">
                  <time dateTime={a.createdAt}>{longDateTimeOfMoment(a.createdAt)}</time>:{' '}
                  <strong>{a.actor}</strong> {a.action}
                  {a.target ? ` (${a.target})` : ''}
                  {a.detail ? ` — ${a.detail}` : ''}
                </Text>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Loaded>
  );
}

function OwnershipPanel({ memorial }: { memorial: MemorialDetail }) {
  const people = useQuery(peopleQuery(memorial._id));
  const transfer = useOfferTransfer(memorial._id);
  const withdrawOffer = useWithdrawTransfer(memorial._id);
  const successor = useSetSuccessor(memorial._id);
  const form = useZodForm(UserChoiceSchema, { initialValues: { userId: '' } });
  const others = (people.data?.people ?? []).filter((p) => p.role !== 'owner');
  const choices = [
    { value: '', label: 'Choose someone' },
    ...others.map((p) => ({ value: p._id, label: `${p.fullName} (${p.role})` })),
  ];
  const onTransfer = form.handleSubmit((input) =>
    transfer.mutate(input.userId, {
      onSuccess: () =>
        notify.success('Ownership was offered. It passes when they accept from their email.'),
      onError: (error) => {
        if (!form.showServerErrors(error)) notify.error(errorMessage(error));
      },
    }),
  );
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Successor
          </Title>
          <Text size="sm" c="dimmed">
            Who takes this memorial over if your account is ever deleted. Without one, a manager
            does; without either, your account cannot be deleted until you choose.
          </Text>
          <NativeSelect
            label="Successor"
            data={choices}
            value={people.data?.successor?._id ?? ''}
            onChange={(event) =>
              successor.mutate(
                event.currentTarget.value || null,
                outcome('The successor was saved.'),
              )
            }
          />
        </Stack>
      </Paper>
      <PanelForm
        title="Transfer ownership"
        onSubmit={onTransfer}
        busy={transfer.isPending}
        submit="Offer ownership"
      >
        {people.data?.pendingOwner ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              Offered to {people.data.pendingOwner.fullName}, not yet accepted. The offer lapses
              after {TRANSFER_OFFER_DAYS} days.
            </Text>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={withdrawOffer.isPending}
              onClick={() =>
                withdrawOffer.mutate(undefined, outcome('The ownership offer was withdrawn.'))
              }
            >
              Withdraw the offer
            </Button>
          </Group>
        ) : null}
        <NativeSelect
          label="New owner"
          description="They are emailed and must accept. You stay on as a manager."
          data={choices}
          {...form.getInputProps('userId')}
        />
      </PanelForm>
    </Stack>
  );
}

export type { People };
