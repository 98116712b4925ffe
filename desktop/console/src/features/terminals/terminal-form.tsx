import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DIRECTION_POLICIES } from '../../../../../shared/attendance/index.ts';
import { TERMINAL_PROTOCOLS } from '../../../../../shared/ingest.ts';
import { type Terminal, TerminalInput, isPushProtocol } from '../../../../../shared/terminals.ts';
import { useTx } from '../../i18n/language.tsx';
import { applyServerErrors, blankToNull, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { timeZoneOptions } from '../../lib/time-zones.ts';
import { useLocations } from '../settings/org-queries.ts';
import { useSaveTerminal } from './terminal-queries.ts';


interface Values {
  name: string;
  protocol: string;
  serial: string;
  host: string;
  port: number | string;
  serialPath: string;
  baudRate: number | string;
  machineNumber: number | string;
  commKey: number | string;
  timeZone: string | null;
  pollSeconds: number | string;
  enabled: boolean;
  directionPolicy: string;
  locationId: string | null;
  offlineAfterMinutes: number | string;
  firmwareNotes: string;
}

function toInput(v: Values) {
  const n = (x: number | string) => (x === '' ? null : Number(x));
  return {
    name: v.name,
    protocol: v.protocol,
    serial: blankToNull(v.serial),
    host: blankToNull(v.host),
    port: n(v.port),
    serialPath: blankToNull(v.serialPath),
    baudRate: n(v.baudRate),
    machineNumber: Number(v.machineNumber || 1),
    commKey: Number(v.commKey || 0),
    timeZone: v.timeZone,
    pollSeconds: Number(v.pollSeconds || 30),
    enabled: v.enabled,
    directionPolicy: v.directionPolicy,
    locationId: v.locationId,
    offlineAfterMinutes: Number(v.offlineAfterMinutes || 15),
    firmwareNotes: blankToNull(v.firmwareNotes),
  };
}

/** Add or edit a terminal: protocol, address or serial port, comm key, zone, direction policy. */
export function TerminalForm({ terminal, onClose }: { terminal: Terminal | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('hr');
  const tx = useTx('hr');
  // A protocol or policy the catalogue does not know yet shows as its code.
  const labelOf = (group: 'protocol' | 'direction', code: string) => (i18n.exists(`hr:terminals.form.${group}.${code}`) ? t(`terminals.form.${group}.${code}`) : code);
  const locations = useLocations();
  const save = useSaveTerminal();
  const form = useForm<Values>({
    initialValues: {
      name: terminal?.name ?? '',
      protocol: terminal?.protocol ?? 'zk-tcp',
      serial: terminal?.serial ?? '',
      host: terminal?.host ?? '',
      port: terminal?.port ?? 4370,
      serialPath: terminal?.serialPath ?? '',
      baudRate: terminal?.baudRate ?? '',
      machineNumber: terminal?.machineNumber ?? 1,
      commKey: terminal?.commKey ?? 0,
      timeZone: terminal?.timeZone ?? null,
      pollSeconds: terminal?.pollSeconds ?? 30,
      enabled: terminal?.enabled ?? true,
      directionPolicy: terminal?.directionPolicy ?? 'by-state',
      locationId: terminal?.location?.id ?? null,
      offlineAfterMinutes: terminal?.offlineAfterMinutes ?? 15,
      firmwareNotes: terminal?.firmwareNotes ?? '',
    },
    validate: (v) => zodFormErrors(TerminalInput, toInput(v)),
  });
  const p = form.values.protocol;
  const network = p === 'zk-tcp' || p === 'zk-udp' || p === 'anviz-tcp';
  const push = isPushProtocol(p);
  const submit = form.onSubmit((v) => {
    save.mutate(
      { id: terminal?.id ?? null, input: TerminalInput.parse(toInput(v)) },
      {
        onSuccess: () => {
          notifySuccess(terminal ? t('terminals.form.saved') : t('terminals.form.added'));
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setFieldError, Object.keys(form.values))) notifyError(e, t('terminals.form.saveFailed'));
        },
      },
    );
  });
  return (
    <Modal opened onClose={onClose} title={terminal ? tx('terminals.form.editTitle', { name: terminal.name }) : tx('terminals.form.addTitle')} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={2}>
            <TextInput label={tx('terminals.form.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
            <Select label={tx('terminals.form.protocolLabel')} allowDeselect={false} data={TERMINAL_PROTOCOLS.map((x) => ({ value: x, label: labelOf('protocol', x) }))} {...form.getInputProps('protocol')} />
            {network && <TextInput label={tx('terminals.form.host')} placeholder={t('terminals.form.hostPlaceholder')} withAsterisk {...form.getInputProps('host')} />}
            {network && <NumberInput label={tx('terminals.form.port')} min={1} max={65535} allowDecimal={false} withAsterisk {...form.getInputProps('port')} />}
            {push && (
              <TextInput label={tx('terminals.form.listenOn')} placeholder={t('terminals.form.listenOnPlaceholder')} description={tx('terminals.form.listenOnDescription')} {...form.getInputProps('host')} />
            )}
            {push && (
              <NumberInput
                label={tx('terminals.form.listenPort')}
                description={tx('terminals.form.listenPortDescription')}
                min={1}
                max={65535}
                allowDecimal={false}
                withAsterisk
                {...form.getInputProps('port')}
              />
            )}
            {p === 'anviz-serial' && <TextInput label={tx('terminals.form.serialPort')} placeholder={t('terminals.form.serialPortPlaceholder')} withAsterisk {...form.getInputProps('serialPath')} />}
            {p === 'anviz-serial' && <NumberInput label={tx('terminals.form.baudRate')} placeholder={t('terminals.form.baudRatePlaceholder')} allowDecimal={false} withAsterisk {...form.getInputProps('baudRate')} />}
            <TextInput label={tx('terminals.form.serial')} description={p.endsWith('push') ? tx('terminals.form.serialPush') : tx('terminals.form.serialPoll')} {...form.getInputProps('serial')} />
            <NumberInput label={tx('terminals.form.machineNumber')} min={0} max={255} allowDecimal={false} {...form.getInputProps('machineNumber')} />
            <NumberInput label={tx('terminals.form.commKey')} min={0} max={999999} allowDecimal={false} {...form.getInputProps('commKey')} />
            <Select label={tx('terminals.form.timeZone')} placeholder={t('terminals.form.timeZonePlaceholder')} clearable searchable data={timeZoneOptions(form.values.timeZone ?? 'Asia/Kolkata')} {...form.getInputProps('timeZone')} />
            <Select label={tx('terminals.form.inOut')} allowDeselect={false} data={DIRECTION_POLICIES.map((d) => ({ value: d, label: labelOf('direction', d) }))} {...form.getInputProps('directionPolicy')} />
            <Select label={tx('terminals.form.location')} placeholder={t('terminals.form.locationPlaceholder')} clearable data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))} {...form.getInputProps('locationId')} />
            <NumberInput label={tx('terminals.form.poll')} min={5} max={3600} allowDecimal={false} {...form.getInputProps('pollSeconds')} />
            <NumberInput label={tx('terminals.form.offlineAfter')} min={1} max={10080} allowDecimal={false} {...form.getInputProps('offlineAfterMinutes')} />
          </SimpleGrid>
          <Textarea label={tx('terminals.form.firmwareNotes')} autosize minRows={1} {...form.getInputProps('firmwareNotes')} />
          <Switch label={tx('terminals.form.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tx('terminals.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {tx('terminals.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
