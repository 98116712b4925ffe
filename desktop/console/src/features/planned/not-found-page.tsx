import { Button, EmptyState } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';

/** Any path the console does not know. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState mt="xl" icon={<IconMapOff />} title="There is nothing at this address" description="The link may be old, or the page moved.">
        <Button component={Link} to="/dashboard" variant="light">
          Go to the dashboard
        </Button>
      </EmptyState>
    </>
  );
}
