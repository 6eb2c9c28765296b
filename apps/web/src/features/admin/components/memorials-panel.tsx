import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { adminCalls, useAdminAction } from '../api/admin.api';
import { longDateOfMoment } from '@/lib/long-date';
import { notifyFailure, notifyResult } from '../lib/notices';
import { PagedPanel } from './paged-panel';

/** Every memorial, searchable by title; any may be featured as an honored legend on the home page. */
export function MemorialsPanel() {
  const featured = useAdminAction(adminCalls.setFeatured);
  return (
    <PagedPanel list="memorials">
      {(memorials) =>
        memorials.map((memorial) => (
          <Table.Tr key={memorial._id}>
            <Table.Td>
              <Anchor component={Link} to={paths.post.href(memorial._id)} fw={600}>
                {memorial.title}
              </Anchor>
            </Table.Td>
            <Table.Td>{memorial.owner.fullName}</Table.Td>
            <Table.Td>{longDateOfMoment(memorial.createdAt)}</Table.Td>
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
        ))
      }
    </PagedPanel>
  );
}
