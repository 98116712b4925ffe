import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyableSecret } from '../../components/copyable-secret.tsx';
import { useTx } from '../../i18n/language.tsx';
import type { WebhookEndpointWithSecret } from '../../../../../shared/webhooks.ts';

/** The signing secret of a new or rotated endpoint, shown this once. */
export function SecretModal({ shown, onClose }: { shown: WebhookEndpointWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  return (
    <Modal opened={shown !== null} onClose={onClose} title={tx('webhooks.secretModal.title')} centered size="lg" closeOnClickOutside={false}>
      {shown && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle />} title={tx('webhooks.secretModal.warningTitle')}>
            {tx('webhooks.secretModal.warning')}
          </Alert>
          <Text size="sm">
            <b>{shown.url}</b>
            {shown.previousSecretExpiresAt ? <> · {tx('webhooks.secretModal.overlap')}</> : null}
          </Text>
          <CopyableSecret value={shown.secret} testId="webhook-secret" copyLabel={t('webhooks.secretModal.copy')} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{tx('webhooks.secretModal.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
