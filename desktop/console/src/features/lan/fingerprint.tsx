import { Code, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import type { CertificateFacts } from '../../../../../shared/lan.ts';
import { fingerprintLines, formatWithZone } from './certificate-format.ts';

/** The CA's fingerprints as people compare them: SHA-256 in four lines, and Windows' SHA-1 thumbprint. */
export function CertificateFingerprint({ authority, timeZone }: { authority: CertificateFacts; timeZone?: string }) {
  const { t } = useTranslation('employee');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {authority.subject.replace(/^CN=/, '').replace(/, O=Muster$/, '')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('lanTrust.fingerprint.sha256')}
      </Text>
      <Code block aria-label={t('lanTrust.fingerprint.sha256')} data-testid="ca-fingerprint">
        {fingerprintLines(authority.fingerprintSha256).join('\n')}
      </Code>
      <Text size="xs" c="dimmed">
        <Trans
          t={t}
          i18nKey="lanTrust.fingerprint.sha1"
          values={{ thumbprint: authority.fingerprintSha1.replace(/:/g, ' ') }}
          components={{ code: <Code /> }}
        />
      </Text>
      <Text size="xs" c="dimmed">
        {t('lanTrust.fingerprint.validUntil', { when: formatWithZone(authority.validTo, timeZone) })}
      </Text>
    </Stack>
  );
}
