import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DIRECTION_POLICIES } from '../../../../../shared/attendance/index.ts';
import { TERMINAL_PROTOCOLS } from '../../../../../shared/ingest.ts';
import { type Terminal, TerminalInput, isPushProtocol } from '../../../../../shared/terminals.ts';
import { applyServerErrors, blankToNull, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { timeZoneOptions } from '../../lib/time-zones.ts';
import { useLocations } from '../settings/org-queries.ts';
import { useSaveTerminal } from './terminal-queries.ts';

const PROTOCOL_LABEL: Record<string, string> = {
  'zk-tcp': 'ZK over TCP (port 4370)',
  'zk-udp': 'ZK over UDP (port 4370)',
  'anviz-tcp': 'Anviz over TCP (port 5010)',
  'anviz-serial': 'Anviz over RS-232/RS-485',
  'zk-push': 'ZKTeco push (ADMS / iclock)',
  'fk-push': 'FK log-server push',
};
const DIRECTION_LABEL: Record<string, string> = {
  'fixed-in': 'Every punch is an in',
  'fixed-out': 'Every punch is an out',
  'by-state': 'By the state key (0/4 in, 1/5 out)',
  alternating: 'Alternate in and out',
};

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
          notifySuccess(terminal ? 'Terminal saved: the connector picks it up at its next refresh.' : 'Terminal added: the connector picks it up at its next refresh.');
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setFieldError, Object.keys(form.values))) notifyError(e, 'Could not save the terminal');
        },
      },
    );
  });
  return (
    <Modal opened onClose={onClose} title={terminal ? `Edit ${terminal.name}` : 'Add a terminal'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={2}>
            <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
            <Select label="Protocol" allowDeselect={false} data={TERMINAL_PROTOCOLS.map((x) => ({ value: x, label: PROTOCOL_LABEL[x] ?? x }))} {...form.getInputProps('protocol')} />
            {network && <TextInput label="Host" placeholder="192.168.1.201" withAsterisk {...form.getInputProps('host')} />}
            {network && <NumberInput label="Port" min={1} max={65535} allowDecimal={false} withAsterisk {...form.getInputProps('port')} />}
            {push && (
              <TextInput label="Listen on (address)" placeholder="All addresses" description="Optional: one address of the connector's PC" {...form.getInputProps('host')} />
            )}
            {push && (
              <NumberInput
                label="Port the connector listens on"
                description="Set the same server port on the terminal"
                min={1}
                max={65535}
                allowDecimal={false}
                withAsterisk
                {...form.getInputProps('port')}
              />
            )}
            {p === 'anviz-serial' && <TextInput label="Serial port" placeholder="/dev/ttyUSB0 or COM3" withAsterisk {...form.getInputProps('serialPath')} />}
            {p === 'anviz-serial' && <NumberInput label="Baud rate" placeholder="9600" allowDecimal={false} withAsterisk {...form.getInputProps('baudRate')} />}
            <TextInput label="Serial number" description={p.endsWith('push') ? 'Required: push terminals are matched by it' : 'Filled in when it first reports'} {...form.getInputProps('serial')} />
            <NumberInput label="Machine number / device id" min={0} max={255} allowDecimal={false} {...form.getInputProps('machineNumber')} />
            <NumberInput label="Comm key / password" min={0} max={999999} allowDecimal={false} {...form.getInputProps('commKey')} />
            <Select label="Clock time zone" placeholder="The organisation's" clearable searchable data={timeZoneOptions(form.values.timeZone ?? 'Asia/Kolkata')} {...form.getInputProps('timeZone')} />
            <Select label="In / out" allowDeselect={false} data={DIRECTION_POLICIES.map((d) => ({ value: d, label: DIRECTION_LABEL[d] ?? d }))} {...form.getInputProps('directionPolicy')} />
            <Select label="Location" placeholder="None" clearable data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))} {...form.getInputProps('locationId')} />
            <NumberInput label="Poll every (s)" min={5} max={3600} allowDecimal={false} {...form.getInputProps('pollSeconds')} />
            <NumberInput label="Offline after (min of silence)" min={1} max={10080} allowDecimal={false} {...form.getInputProps('offlineAfterMinutes')} />
          </SimpleGrid>
          <Textarea label="Firmware notes" autosize minRows={1} {...form.getInputProps('firmwareNotes')} />
          <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
