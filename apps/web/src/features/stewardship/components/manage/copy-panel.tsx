import { Badge, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { MemorialDetail } from '@rips/shared/memorials';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  useAddCopyAddress,
  useRemoveCopyAddress,
  useSendToMe,
  yearlyCopyQuery,
} from '../../api/yearly-copy.api';
import { Loaded, outcome } from './panel-parts';

/**
 * The Manage area's "Yearly copy" tab (decision 0126): the caller's own yearly copy of the
 * memorial, and the addresses of the family's choosing that receive it too.
 */
export function CopyPanel({ memorial }: { memorial: MemorialDetail }) {
  const query = useQuery(yearlyCopyQuery(memorial._id));
  const sendToMe = useSendToMe(memorial._id);
  const add = useAddCopyAddress(memorial._id);
  const remove = useRemoveCopyAddress(memorial._id);
  const [email, setEmail] = useState('');
  return (
    <Loaded query={query}>
      {(data) => (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} size="h4">
                A copy for the family
              </Title>
              <Text size="sm">
                Once a year, on the day the memorial was made, and whenever it has a new owner, we
                email its owner, managers and successor a link to a copy of the whole memorial:
                every word, tribute, photo and document, in one file that opens in any web browser
                without our site.
              </Text>
              <Switch
                label="Send me a copy of this memorial every year"
                description={
                  data.receives
                    ? 'You can turn it off here or from the email, and back on at any time.'
                    : 'Copies go to the owner, the managers and the successor.'
                }
                checked={data.sendToMe && data.receives}
                disabled={!data.receives || sendToMe.isPending}
                onChange={(event) =>
                  sendToMe.mutate(
                    event.currentTarget.checked,
                    outcome(
                      event.currentTarget.checked
                        ? 'You will receive a copy every year.'
                        : 'You will no longer receive the yearly copy.',
                    ),
                  )
                }
              />
            </Stack>
          </Paper>
          {data.addresses && (
            <Paper withBorder radius="md" p="lg">
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  add.mutate(
                    email,
                    outcome('We emailed that address a link to confirm it.', () => setEmail('')),
                  );
                }}
              >
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    Also send it to another address
                  </Title>
                  <Text size="sm">
                    For example a family address or a relative without an account. We email it a
                    link first; copies go there only once someone opens it and agrees.
                  </Text>
                  {data.addresses.length > 0 && (
                    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0 }}>
                      {data.addresses.map((a) => (
                        <Group key={a._id} component="li" justify="space-between" wrap="wrap">
                          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                            <Text style={{ overflowWrap: 'anywhere' }}>{a.email}</Text>
                            <Badge variant="light" color={a.confirmed ? 'teal' : 'gray'}>
                              {a.confirmed ? 'Receives copies' : 'Waiting for confirmation'}
                            </Badge>
                          </Group>
                          <Button
                            variant="subtle"
                            color="red"
                            size="compact-sm"
                            loading={remove.isPending && remove.variables === a._id}
                            onClick={() =>
                              remove.mutate(
                                a._id,
                                outcome('That address will no longer receive copies.'),
                              )
                            }
                          >
                            Stop sending to {a.email}
                          </Button>
                        </Group>
                      ))}
                    </Stack>
                  )}
                  <TextInput
                    label="Email address"
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={(event) => setEmail(event.currentTarget.value)}
                  />
                  <Group>
                    <Button type="submit" loading={add.isPending}>
                      Send a link to confirm
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Paper>
          )}
        </Stack>
      )}
    </Loaded>
  );
}
