import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, CopyButton, Grid, Group, Image, List, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconKey, IconLock, IconWifi } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { renderSVG } from 'uqr';
import type { LanTrust, PairingCodeIssued } from '../../../../../shared/lan.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { TransTx } from '../../i18n/trans-tx.tsx';
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
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const trust = useLanTrust();
  const zone = useOrganisation().data?.timeZone;
  if (trust.error) return <QueryError error={trust.error} onRetry={() => void trust.refetch()} />;
  if (!trust.data) return <TableSkeleton rows={4} />;
  const t = trust.data;
  if (t.mode === 'off') {
    return (
      <Alert color="gray" icon={<IconWifi />} title={tx('lan.offTitle')}>
        <Text size="sm">
          <TransTx ns="hr" k="lan.off" components={{ b: <b />, code: <Code /> }} />
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
              <Title order={4}>{tx('lan.openTitle')}</Title>
              <Text size="sm" c="dimmed">
                <TransTx ns="hr" k="lan.addresses" components={{ code: <Code /> }} />
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
                  <TransTx ns="hr" k="lan.localCa" components={{ anchor: <Anchor component={Link} to="/trust" /> }} />
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
                  <QrCode text={`${t.urls[0]}trust`} label={tr('lan.qrFor', { url: `${t.urls[0]}trust` })} />
                  <Code data-testid="trust-url">{`${t.urls[0]}trust`}</Code>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {tx('lan.noAddress')}
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
  const tx = useTx('hr');
  return (
    <Paper withBorder p="lg" radius="md">
      <Grid gap="lg">
        {trust.authority && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="xs">
              <Title order={5}>{tx('lan.caTitle')}</Title>
              <CertificateFingerprint authority={trust.authority} timeZone={zone} />
            </Stack>
          </Grid.Col>
        )}
        {trust.serverCertificate && (
          <Grid.Col span={{ base: 12, md: trust.authority ? 6 : 12 }}>
            <Stack gap="xs">
              <Title order={5}>{trust.mode === 'local-ca' ? tx('lan.serverCertLocal') : tx('lan.serverCertOwn')}</Title>
              <Text size="sm">{tx('lan.validFor', { names: trust.serverCertificate.names.join(', ') })}</Text>
              <Text size="sm" c="dimmed">
                {tx(trust.mode === 'local-ca' ? 'lan.validUntilLocal' : 'lan.validUntilOwn', { when: formatWithZone(trust.serverCertificate.validTo, zone) })}
              </Text>
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </Paper>
  );
}

function HstsPanel({ trust }: { trust: LanTrust }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const can = useCan();
  const update = useUpdateLanSettings();
  const [confirming, setConfirming] = useState(false);
  const set = (hsts: boolean) =>
    update.mutate(
      { hsts },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(hsts ? t('lan.hstsOn') : t('lan.hstsOff'));
        },
      },
    );
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>{tx('lan.hstsTitle')}</Title>
          <Switch
            aria-label={t('lan.hstsTitle')}
            checked={trust.hsts}
            disabled={!can('org:manage') || update.isPending}
            onChange={(e) => (e.currentTarget.checked ? setConfirming(true) : set(false))}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {tx('lan.hstsHint')}
        </Text>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('lan.hstsConfirmTitle')}
        message={tx('lan.hstsConfirm')}
        confirmLabel={t('lan.hstsConfirmLabel')}
        loading={update.isPending}
        onConfirm={() => set(true)}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

/** The label is the catalogue's `lan.pairing.state.<state>`. */
const PAIRING_COLOURS: Record<string, string> = { waiting: 'blue', used: 'teal', expired: 'gray', void: 'red' };

function PairingPanel({ trust, zone }: { trust: LanTrust; zone: string | undefined }) {
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const can = useCan();
  const issue = useIssuePairingCode();
  const [issued, setIssued] = useState<PairingCodeIssued | null>(null);
  const state = usePairingState(can('device:manage') && issued !== null);
  if (!can('device:manage')) return null;
  const colour = state.data ? PAIRING_COLOURS[state.data.state] : undefined;
  const status = state.data && colour ? { label: tx(`lan.pairing.state.${state.data.state}`), color: colour } : undefined;
  const command = issued ? `npm run connector -- pair --server ${trust.urls[0]?.replace(/\/$/, '') ?? 'https://<this PC>:<port>'} --code ${issued.code}` : '';
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>{tx('lan.pairing.title')}</Title>
          <Button leftSection={<IconKey size={16} />} variant="light" loading={issue.isPending} onClick={() => issue.mutate(undefined, { onSuccess: setIssued })}>
            {issued ? tx('lan.pairing.showNew') : tx('lan.pairing.show')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {tx('lan.pairing.hint')}
        </Text>
        {issued && (
          <Alert color="blue" icon={<IconLock />} title={tx('lan.pairing.code')}>
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
                {tx('lan.pairing.worksUntil', { when: formatWithZone(issued.expiresAt, zone) })}
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Code block style={{ flex: 1 }}>
                  {command}
                </Code>
                <CopyButton value={command}>{({ copied, copy }) => <Button size="xs" variant="default" onClick={copy}>{copied ? t('lan.pairing.copied') : t('lan.pairing.copy')}</Button>}</CopyButton>
              </Group>
              {state.data?.state === 'used' && state.data.usedAt && (
                <Text size="sm" c={state.data.usedFrom ? undefined : 'dimmed'}>
                  <IconInfoCircle size={14} />{' '}
                  {state.data.usedFrom
                    ? tx('lan.pairing.usedBy', { when: formatWithZone(state.data.usedAt, zone), who: state.data.usedFrom })
                    : tx('lan.pairing.usedByUnknown', { when: formatWithZone(state.data.usedAt, zone) })}
                </Text>
              )}
              {state.data?.state === 'void' && (
                <Text size="sm" c="red">
                  <IconAlertTriangle size={14} /> {tx('lan.pairing.voided')}
                </Text>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
