import { Alert, Anchor, Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCertificate, IconDownload, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryError } from '../../components/query-error.tsx';
import { AuthFrame } from '../auth/auth-frame.tsx';
import { CertificateFingerprint } from './fingerprint.tsx';
import { InstallSteps } from './install-steps.tsx';
import { useLanTrust } from './lan-queries.ts';

/**
 * "Trust this PC": open to anyone (a phone reads it before it can sign in).
 * Downloads the CA certificate, shows its fingerprint to compare with the one
 * on the Muster PC, and says how to install it on each kind of device.
 */
export function TrustPage() {
  const trust = useLanTrust();
  const secure = window.isSecureContext && window.location.protocol === 'https:';
  return (
    <AuthFrame
      width={760}
      title="Trust this PC"
      subtitle="Muster encrypts every connection from phones and other computers with a certificate this PC made. Install this PC's certificate once on each device, and its browser will trust Muster, with no warnings."
    >
      <Stack gap="md">
        {trust.error ? (
          <QueryError error={trust.error} onRetry={() => void trust.refetch()} />
        ) : !trust.data ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : trust.data.mode === 'off' ? (
          <Alert color="gray" icon={<IconInfoCircle />} title="Only this PC can open Muster">
            LAN access is off, so there is nothing to install. An administrator turns it on from the Muster icon in the tray
            (“Allow LAN access”).
          </Alert>
        ) : trust.data.mode === 'own-certificate' ? (
          <Alert color="teal" icon={<IconLock />} title="Nothing to install">
            This office uses its own certificate, which devices already trust. Open Muster at{' '}
            {trust.data.urls[0] ? <Anchor href={trust.data.urls[0]}>{trust.data.urls[0]}</Anchor> : 'its usual address'}.
          </Alert>
        ) : (
          <>
            {secure ? (
              <Alert color="teal" icon={<IconLock />}>
                This connection is encrypted. If your browser showed a warning to get here, install the certificate below.
              </Alert>
            ) : null}
            {trust.data.authority && (
              <Paper withBorder p="md" radius="md" bg="gray.0">
                <Stack gap="sm">
                  <Group gap="xs">
                    <IconCertificate size={20} />
                    <Text fw={600}>This PC's certificate</Text>
                  </Group>
                  <Group gap="sm">
                    <Button component="a" href="/api/lan/ca.crt" download="muster-ca.crt" leftSection={<IconDownload size={16} />}>
                      Download certificate (.crt)
                    </Button>
                    <Button component="a" href="/api/lan/ca.pem" download="muster-ca.pem" variant="default" leftSection={<IconDownload size={16} />}>
                      PEM file (Linux, Firefox)
                    </Button>
                  </Group>
                  <CertificateFingerprint authority={trust.data.authority} />
                  <Text size="sm">
                    Before installing, compare this fingerprint with the one the Muster PC shows (Settings → Devices on the LAN). If
                    they differ, do not install it: someone else may be answering for the PC.
                  </Text>
                </Stack>
              </Paper>
            )}
            <Divider label="How to install it" labelPosition="left" />
            <InstallSteps />
          </>
        )}
        <Divider />
        <Text size="sm">
          Done? <Anchor component={Link} to="/login">Sign in to Muster</Anchor>
        </Text>
      </Stack>
    </AuthFrame>
  );
}
