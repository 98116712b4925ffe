import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyableSecret } from '../../components/copyable-secret.tsx';
import type { ApiKeyIssued } from '../../../../../shared/api-keys.ts';

/** Shows a newly issued key once, with a copy button and a clear warning that it cannot be shown again. */
export function KeyIssuedModal({ issued, onClose }: { issued: ApiKeyIssued | null; onClose: () => void }) {
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title="Your new API key"
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {issued && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle />} title="Copy this key now: you will not see it again">
            Muster keeps only a fingerprint of the key. If it is lost, revoke it and issue a new one.
          </Alert>
          <Text size="sm">
            <b>{issued.name}</b> · {issued.scope === 'ReadOnly' ? 'Read only' : 'Read & write'}
            {issued.employeeName ? ` · acts as ${issued.employeeName}` : ''}
          </Text>
          <CopyableSecret value={issued.key} testId="issued-api-key" copyLabel="Copy key" />
          <Text size="xs" c="dimmed">
            Send it as <Code>Authorization: Bearer &lt;key&gt;</Code> (or <Code>X-Api-Key</Code>) to <Code>/api/public/v1/…</Code>
            {issued.employeeName ? (
              <>
                ; an AI agent uses it at <Code>/api/mcp</Code> as {issued.employeeName}
              </>
            ) : null}
            .
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied the key</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
