import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyableSecret } from '../../components/copyable-secret.tsx';
import { useTx } from '../../i18n/language.tsx';
import { TransTx } from '../../i18n/trans-tx.tsx';
import type { ApiKeyIssued } from '../../../../../shared/api-keys.ts';

/** Shows a newly issued key once, with a copy button and a clear warning that it cannot be shown again. */
export function KeyIssuedModal({ issued, onClose }: { issued: ApiKeyIssued | null; onClose: () => void }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title={tx('apiKeys.issued.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {issued && (
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle />} title={tx('apiKeys.issued.warningTitle')}>
            {tx('apiKeys.issued.warning')}
          </Alert>
          <Text size="sm">
            <b>{issued.name}</b> · {issued.scope === 'ReadOnly' ? tx('apiKeys.readOnly') : tx('apiKeys.readWrite')}
            {issued.employeeName ? <> · {tx('apiKeys.actsAs', { name: issued.employeeName })}</> : null}
          </Text>
          <CopyableSecret value={issued.key} testId="issued-api-key" copyLabel={t('apiKeys.issued.copy')} />
          <Text size="xs" c="dimmed">
            {issued.employeeName ? (
              <TransTx ns="hr" k="apiKeys.issued.useAgent" values={{ name: issued.employeeName }} components={{ code: <Code /> }} />
            ) : (
              <TransTx ns="hr" k="apiKeys.issued.use" components={{ code: <Code /> }} />
            )}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{tx('apiKeys.issued.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
