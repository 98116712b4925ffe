import { Button, EmptyState } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Any path the console does not know. */
export function NotFoundPage() {
  return (
    <EmptyState mt="xl" icon={<IconMapOff />} title="Page not found" description="There is nothing at this address.">
      <Button component={Link} to="/dashboard" variant="light">
        Go to the dashboard
      </Button>
    </EmptyState>
  );
}
