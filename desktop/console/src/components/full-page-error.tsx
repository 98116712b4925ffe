import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';

/** The app could not start (server down, unexpected answer): says why and offers a retry. */
export function FullPageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const title = error instanceof ApiError ? error.problem.title : t('states.somethingWrong');
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Center h="100vh" p="md">
      <Stack maw={480}>
        <Alert color="red" icon={<IconAlertTriangle />} title={title}>
          {detail}
        </Alert>
        <Button onClick={onRetry} variant="light">
          {t('actions.tryAgain')}
        </Button>
      </Stack>
    </Center>
  );
}
