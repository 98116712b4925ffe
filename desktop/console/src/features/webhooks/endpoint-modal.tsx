import { Button, Checkbox, Group, Modal, MultiSelect, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { WebhookEndpointCreate, type WebhookEndpoint, type WebhookEndpointWithSecret } from '../../../../../shared/webhooks.ts';
import { useTx } from '../../i18n/language.tsx';
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
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
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
        eventTypes: editing.eventTypes.filter((type) => type !== '*'),
        enabled: editing.enabled,
        allowInsecureHttp: editing.allowInsecureHttp,
      });
    } else form.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, editing]);

  const fail = (error: unknown) => {
    applyServerErrors(error, form.setFieldError, ['url', 'description', 'eventTypes', 'enabled', 'allowInsecureHttp']);
    notifyError(error, editing ? t('webhooks.form.saveFailed') : t('webhooks.form.addFailed'));
  };
  const submit = form.onSubmit((v) => {
    const input = WebhookEndpointCreate.parse(toInput(v));
    if (editing) {
      update.mutate(
        { id: editing.id, patch: input },
        {
          onSuccess: () => {
            notifySuccess(t('webhooks.form.saved'));
            onClose();
          },
          onError: fail,
        },
      );
    } else create.mutate(input, { onSuccess: onCreated, onError: fail });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? tx('webhooks.form.editTitle') : tx('webhooks.form.addTitle')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={tx('webhooks.form.url')} placeholder={t('webhooks.form.urlPlaceholder')} withAsterisk data-autofocus {...form.getInputProps('url')} />
          <TextInput label={tx('webhooks.form.description')} placeholder={t('webhooks.form.descriptionPlaceholder')} {...form.getInputProps('description')} />
          <Checkbox label={tx('webhooks.form.all')} {...form.getInputProps('all', { type: 'checkbox' })} />
          {!form.values.all && (
            <MultiSelect
              label={tx('webhooks.form.events')}
              placeholder={t('webhooks.form.eventsPlaceholder')}
              searchable
              data={eventTypes.map((e) => ({ value: e.type, label: e.type }))}
              {...form.getInputProps('eventTypes')}
            />
          )}
          <Switch label={tx('webhooks.form.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Switch
            label={tx('webhooks.form.insecure')}
            description={tx('webhooks.form.insecureHint')}
            {...form.getInputProps('allowInsecureHttp', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tx('webhooks.form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? tx('webhooks.form.save') : tx('webhooks.form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
