import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
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
          <Group gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, wordBreak: 'break-all', fontSize: 14 }} data-testid="webhook-secret">
              {shown.secret}
            </Code>
            <CopyButton value={shown.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy'}>
                  <ActionIcon size="lg" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} aria-label="Copy secret">
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the secret</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
