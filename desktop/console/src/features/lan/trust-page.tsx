import { Alert, Anchor, Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCertificate, IconDownload, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '../../components/query-error.tsx';
import { AuthFrame } from '../auth/auth-frame.tsx';
import { CertificateFingerprint } from './fingerprint.tsx';
import { InstallSteps } from './install-steps.tsx';
import { useLanTrust } from './lan-queries.ts';

// A button's words wrap on a phone: in Tamil or Kannada "Download certificate (.crt)" is wider than 360 px.
const WRAP = { label: { whiteSpace: 'normal', paddingBlock: 6 } } as const;

/**
 * "Trust this PC": open to anyone (a phone reads it before it can sign in).
 * Downloads the CA certificate, shows its fingerprint to compare with the one
 * on the Muster PC, and says how to install it on each kind of device.
 */
export function TrustPage() {
  const { t } = useTranslation('employee');
  const trust = useLanTrust();
  const secure = window.isSecureContext && window.location.protocol === 'https:';
  return (
    <AuthFrame
      width={760}
      title={t('lanTrust.title')}
      subtitle={t('lanTrust.subtitle')}
    >
      <Stack gap="md">
        {trust.error ? (
          <QueryError error={trust.error} onRetry={() => void trust.refetch()} />
        ) : !trust.data ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : trust.data.mode === 'off' ? (
          <Alert color="gray" icon={<IconInfoCircle />} title={t('lanTrust.offTitle')}>
            {t('lanTrust.off')}
          </Alert>
        ) : trust.data.mode === 'own-certificate' ? (
          <Alert color="teal" icon={<IconLock />} title={t('lanTrust.ownTitle')}>
            {trust.data.urls[0] ? (
              <Trans t={t} i18nKey="lanTrust.ownAt" values={{ url: trust.data.urls[0] }} components={{ anchor: <Anchor href={trust.data.urls[0]} /> }} />
            ) : (
              t('lanTrust.ownUsual')
            )}
          </Alert>
        ) : (
          <>
            {secure ? (
              <Alert color="teal" icon={<IconLock />}>
                {t('lanTrust.encrypted')}
              </Alert>
            ) : null}
            {trust.data.authority && (
              <Paper withBorder p="md" radius="md" bg="gray.0">
                <Stack gap="sm">
                  <Group gap="xs">
                    <IconCertificate size={20} />
                    <Text fw={600}>{t('lanTrust.certificate')}</Text>
                  </Group>
                  <Group gap="sm">
                    <Button component="a" href="/api/lan/ca.crt" download="muster-ca.crt" leftSection={<IconDownload size={16} />} h="auto" mih={36} styles={WRAP}>
                      {t('lanTrust.downloadCrt')}
                    </Button>
                    <Button component="a" href="/api/lan/ca.pem" download="muster-ca.pem" variant="default" leftSection={<IconDownload size={16} />} h="auto" mih={36} styles={WRAP}>
                      {t('lanTrust.downloadPem')}
                    </Button>
                  </Group>
                  <CertificateFingerprint authority={trust.data.authority} />
                  <Text size="sm">
                    {t('lanTrust.compare')}
                  </Text>
                </Stack>
              </Paper>
            )}
            <Divider label={t('lanTrust.howToInstall')} labelPosition="left" />
            <InstallSteps />
          </>
        )}
        <Divider />
        <Text size="sm">
          <Trans t={t} i18nKey="lanTrust.done" components={{ anchor: <Anchor component={Link} to="/login" /> }} />
        </Text>
      </Stack>
    </AuthFrame>
  );
}
