import { Code, Stack, Text } from '@mantine/core';
import type { CertificateFacts } from '../../../../../shared/lan.ts';
import { fingerprintLines, formatWithZone } from './certificate-format.ts';

/** The CA's fingerprints as people compare them: SHA-256 in four lines, and Windows' SHA-1 thumbprint. */
export function CertificateFingerprint({ authority, timeZone }: { authority: CertificateFacts; timeZone?: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {authority.subject.replace(/^CN=/, '').replace(/, O=Muster$/, '')}
      </Text>
      <Text size="xs" c="dimmed">
        SHA-256 fingerprint
      </Text>
      <Code block aria-label="SHA-256 fingerprint" data-testid="ca-fingerprint">
        {fingerprintLines(authority.fingerprintSha256).join('\n')}
      </Code>
      <Text size="xs" c="dimmed">
        SHA-1 thumbprint (what Windows shows): <Code>{authority.fingerprintSha1.replace(/:/g, ' ')}</Code>
      </Text>
      <Text size="xs" c="dimmed">
        Valid until {formatWithZone(authority.validTo, timeZone)}
      </Text>
    </Stack>
  );
}
