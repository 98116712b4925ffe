import { Button, Checkbox, Group, Modal, MultiSelect, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { WebhookEndpointCreate, type WebhookEndpoint, type WebhookEndpointWithSecret } from '../../../../../shared/webhooks.ts';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCreateWebhook, useUpdateWebhook } from './webhook-queries.ts';

interface Values {
  url: string;
  description: string;
  all: boolean;
  eventTypes: string[];
  enabled: boolean;
  allowInsecureHttp: boolean;
}

const toInput = (v: Values) => ({ url: v.url, description: v.description, eventTypes: v.all ? ['*'] : v.eventTypes, enabled: v.enabled, allowInsecureHttp: v.allowInsecureHttp });

/** Adds an endpoint (then its secret is shown once) or edits one. */
export function EndpointModal({
  opened,
  editing,
  eventTypes,
  onClose,
  onCreated,
}: {
  opened: boolean;
  editing: WebhookEndpoint | null;
  eventTypes: { type: string; description: string }[];
  onClose: () => void;
  onCreated: (e: WebhookEndpointWithSecret) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const form = useForm<Values>({
    initialValues: { url: '', description: '', all: false, eventTypes: [], enabled: true, allowInsecureHttp: false },
    validate: (v) => zodFormErrors(WebhookEndpointCreate, toInput(v)),
  });
  useEffect(() => {
    if (!opened) return;
    if (editing) {
      form.setValues({
        url: editing.url,
        description: editing.description,
        all: editing.eventTypes.includes('*'),
        eventTypes: editing.eventTypes.filter((t) => t !== '*'),
        enabled: editing.enabled,
        allowInsecureHttp: editing.allowInsecureHttp,
      });
    } else form.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, editing]);

  const fail = (error: unknown) => {
    applyServerErrors(error, form.setFieldError, ['url', 'description', 'eventTypes', 'enabled', 'allowInsecureHttp']);
    notifyError(error, editing ? 'Could not save the endpoint' : 'Could not add the endpoint');
  };
  const submit = form.onSubmit((v) => {
    const input = WebhookEndpointCreate.parse(toInput(v));
    if (editing) {
      update.mutate(
        { id: editing.id, patch: input },
        {
          onSuccess: () => {
            notifySuccess('Endpoint saved.');
            onClose();
          },
          onError: fail,
        },
      );
    } else create.mutate(input, { onSuccess: onCreated, onError: fail });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit webhook endpoint' : 'Add webhook endpoint'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="URL" placeholder="https://payroll.example.com/hooks/muster" withAsterisk data-autofocus {...form.getInputProps('url')} />
          <TextInput label="Description" placeholder="Payroll sync" {...form.getInputProps('description')} />
          <Checkbox label="All events (also types added later)" {...form.getInputProps('all', { type: 'checkbox' })} />
          {!form.values.all && (
            <MultiSelect
              label="Events"
              placeholder="Choose the events this system needs"
              searchable
              data={eventTypes.map((t) => ({ value: t.type, label: t.type }))}
              {...form.getInputProps('eventTypes')}
            />
          )}
          <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Switch
            label="Allow http:// on the office LAN"
            description="Only for an address on this PC or the LAN (10.x, 172.16–31.x, 192.168.x, .local names). Anything on the internet needs https://."
            {...form.getInputProps('allowInsecureHttp', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? 'Save' : 'Add endpoint'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
