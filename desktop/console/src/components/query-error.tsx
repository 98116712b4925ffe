import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';

/** An inline alert for a failed load, with the problem's detail and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const title = error instanceof ApiError ? error.problem.title : t('states.couldNotLoad');
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={title}>
      <Group justify="space-between" align="center">
        <Text size="sm">{detail}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
