import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, CopyButton, Grid, Group, Image, List, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconKey, IconLock, IconWifi } from '@tabler/icons-react';
import { Link } from 'react-router';
import { renderSVG } from 'uqr';
import type { LanTrust, PairingCodeIssued } from '../../../../../shared/lan.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useCan } from '../../session/session-context.tsx';
import { useOrganisation } from '../settings/org-queries.ts';
import { formatWithZone } from './certificate-format.ts';
import { CertificateFingerprint } from './fingerprint.tsx';
import { useIssuePairingCode, useLanTrust, usePairingState, useUpdateLanSettings } from './lan-queries.ts';

/** A QR code (SVG) as an image: phones open the address with their camera. */
function QrCode({ text, label }: { text: string; label: string }) {
  const svg = renderSVG(text, { border: 2 });
  return <Image src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={label} w={200} h={200} radius="sm" />;
}

/** Settings → Devices on the LAN: addresses, the QR code to the trust page, the certificates, HSTS, connector pairing. */
export function LanSettings() {
  const trust = useLanTrust();
  const zone = useOrganisation().data?.timeZone;
  if (trust.error) return <QueryError error={trust.error} onRetry={() => void trust.refetch()} />;
  if (!trust.data) return <TableSkeleton rows={4} />;
  const t = trust.data;
  if (t.mode === 'off') {
    return (
      <Alert color="gray" icon={<IconWifi />} title="Only this PC can open Muster">
        <Text size="sm">
          Phones and other computers cannot reach Muster until LAN access is on: tick <b>Allow LAN access</b> in the Muster tray menu
          (or start the server with <Code>HOST=0.0.0.0</Code>). Muster then answers them over HTTPS only, with a certificate this PC
          makes; this page then shows the QR code and the certificate to install.
        </Text>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg" radius="md" h="100%">
            <Stack gap="sm">
              <Title order={4}>Open Muster on another device</Title>
              <Text size="sm" c="dimmed">
                Other devices use these addresses. Plain <Code>http://</Code> from the network is sent to HTTPS: passwords and personal
                data never cross the network unencrypted.
              </Text>
              <List size="sm" spacing={4}>
                {t.urls.map((u) => (
                  <List.Item key={u}>
                    <Code>{u}</Code>
                  </List.Item>
                ))}
              </List>
              {t.mode === 'local-ca' && (
                <Text size="sm">
                  Each device must install this PC's certificate once. Scan the code with a phone's camera: it opens the{' '}
                  <Anchor component={Link} to="/trust">
                    Trust this PC
                  </Anchor>{' '}
                  page with the download and the steps for Android, iPhone, Windows, macOS and Linux. The phone warns the first time,
                  until the certificate is installed: compare the fingerprint before installing.
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="lg" radius="md" h="100%">
            <Stack align="center" gap="xs">
              {t.urls[0] ? (
                <>
                  <QrCode text={`${t.urls[0]}trust`} label={`QR code for ${t.urls[0]}trust`} />
                  <Code data-testid="trust-url">{`${t.urls[0]}trust`}</Code>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  This PC has no network address right now.
                </Text>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <CertificatesPanel trust={t} zone={zone} />
      <HstsPanel trust={t} />
      {t.mode === 'local-ca' && <PairingPanel trust={t} zone={zone} />}
    </Stack>
  );
}

function CertificatesPanel({ trust, zone }: { trust: LanTrust; zone: string | undefined }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Grid gap="lg">
        {trust.authority && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="xs">
              <Title order={5}>The certificate devices install</Title>
              <CertificateFingerprint authority={trust.authority} timeZone={zone} />
            </Stack>
          </Grid.Col>
        )}
        {trust.serverCertificate && (
          <Grid.Col span={{ base: 12, md: trust.authority ? 6 : 12 }}>
            <Stack gap="xs">
              <Title order={5}>{trust.mode === 'local-ca' ? 'The certificate the server presents' : "The office's own certificate"}</Title>
              <Text size="sm">Valid for {trust.serverCertificate.names.join(', ')}.</Text>
              <Text size="sm" c="dimmed">
                Valid until {formatWithZone(trust.serverCertificate.validTo, zone)}.{' '}
                {trust.mode === 'local-ca'
                  ? 'Muster renews it a month before, and at once when this PC gets a new address: devices need not do anything.'
                  : 'Muster reads the files again whenever they change.'}
              </Text>
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </Paper>
  );
}

function HstsPanel({ trust }: { trust: LanTrust }) {
  const can = useCan();
  const update = useUpdateLanSettings();
  const [confirming, setConfirming] = useState(false);
  const set = (hsts: boolean) =>
    update.mutate(
      { hsts },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(hsts ? 'Browsers will now insist on HTTPS for this PC.' : 'HSTS is off.');
        },
      },
    );
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>Insist on HTTPS (HSTS)</Title>
          <Switch
            aria-label="Insist on HTTPS (HSTS)"
            checked={trust.hsts}
            disabled={!can('org:manage') || update.isPending}
            onChange={(e) => (e.currentTarget.checked ? setConfirming(true) : set(false))}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Once on, browsers that have opened Muster by name refuse anything but a valid HTTPS connection to it for a year, with no way
          to click past a warning. Turn it on only when every device that uses Muster has installed the certificate.
        </Text>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Insist on HTTPS?"
        message="A device that has not installed this PC's certificate will be locked out of Muster until it does. Every device that uses Muster trusts the certificate?"
        confirmLabel="Yes, insist on HTTPS"
        loading={update.isPending}
        onConfirm={() => set(true)}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

const PAIRING_STATES: Record<string, { label: string; color: string }> = {
  waiting: { label: 'Waiting for the connector', color: 'blue' },
  used: { label: 'Used', color: 'teal' },
  expired: { label: 'Expired', color: 'gray' },
  void: { label: 'Void: too many wrong codes', color: 'red' },
};

function PairingPanel({ trust, zone }: { trust: LanTrust; zone: string | undefined }) {
  const can = useCan();
  const issue = useIssuePairingCode();
  const [issued, setIssued] = useState<PairingCodeIssued | null>(null);
  const state = usePairingState(can('device:manage') && issued !== null);
  if (!can('device:manage')) return null;
  const status = state.data ? PAIRING_STATES[state.data.state] : undefined;
  const command = issued ? `npm run connector -- pair --server ${trust.urls[0]?.replace(/\/$/, '') ?? 'https://<this PC>:<port>'} --code ${issued.code}` : '';
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>Connector on another PC</Title>
          <Button leftSection={<IconKey size={16} />} variant="light" loading={issue.isPending} onClick={() => issue.mutate(undefined, { onSuccess: setIssued })}>
            {issued ? 'Show a new pairing code' : 'Show a pairing code'}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          A connector on another PC talks to Muster over HTTPS and trusts only this PC's certificate. It fetches the certificate once
          with a pairing code: the code proves the certificate came from this PC, even if someone on the network tries to slip in
          their own. Each code works once, for 10 minutes. The connector on this PC needs none.
        </Text>
        {issued && (
          <Alert color="blue" icon={<IconLock />} title="Pairing code">
            <Stack gap="xs">
              <Group gap="sm">
                <Text fz={28} fw={700} ff="monospace" data-testid="pairing-code">
                  {issued.code}
                </Text>
                {status && (
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                Works until {formatWithZone(issued.expiresAt, zone)}. On the other PC, in the Muster folder, run:
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Code block style={{ flex: 1 }}>
                  {command}
                </Code>
                <CopyButton value={command}>{({ copied, copy }) => <Button size="xs" variant="default" onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
              </Group>
              {state.data?.state === 'used' && state.data.usedAt && (
                <Text size="sm" c={state.data.usedFrom ? undefined : 'dimmed'}>
                  <IconInfoCircle size={14} /> Used at {formatWithZone(state.data.usedAt, zone)} by {state.data.usedFrom ?? 'a connector'}. If that was not
                  your connector, show a new code and pair again.
                </Text>
              )}
              {state.data?.state === 'void' && (
                <Text size="sm" c="red">
                  <IconAlertTriangle size={14} /> Someone tried wrong codes five times. Show a new code.
                </Text>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
