import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyableSecret } from '../../components/copyable-secret.tsx';
import type { WebhookEndpointWithSecret } from '../../../../../shared/webhooks.ts';

/** The signing secret of a new or rotated endpoint, shown this once. */
export function SecretModal({ shown, onClose }: { shown: WebhookEndpointWithSecret | null; onClose: () => void }) {
  return (
    <Modal opened={shown !== null} onClose={onClose} title="Signing secret" centered size="lg" closeOnClickOutside={false}>
      {shown && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle />} title="Copy this secret now: you will not see it again">
            The receiving system verifies every delivery with it (for example with the standardwebhooks library).
          </Alert>
          <Text size="sm">
            <b>{shown.url}</b>
            {shown.previousSecretExpiresAt ? ' · the old secret also signs until the overlap ends' : ''}
          </Text>
          <CopyableSecret value={shown.secret} testId="webhook-secret" copyLabel="Copy secret" />
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the secret</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
