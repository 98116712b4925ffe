import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, EmptyState, Group, Modal, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { useTx } from '../../i18n/language.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCatalog, useCatalogMutations, type CatalogName } from './org-queries.ts';

interface CatalogRow {
  id: string;
  name: string;
  headcount: number;
}

export interface CatalogColumn<Row> {
  /** Stable React key (the column's label changes with the language). */
  key: string;
  label: ReactNode;
  render: (row: Row) => ReactNode;
}

export interface CatalogSettingsProps<Row extends CatalogRow, Values extends Record<string, unknown>> {
  /** Also names its words in the catalogue: `hr:orgSettings.<catalog>.add`, `.empty`, … */
  catalog: CatalogName;
  columns: CatalogColumn<Row>[];
  schema: z.ZodType;
  emptyValues: Values;
  toValues: (row: Row) => Values;
  toInput: (values: Values) => Record<string, unknown>;
  renderFields: (form: UseFormReturnType<Values>) => ReactNode;
}

/** A lookup table (departments, locations, designations) with add, edit and delete in modals. */
export function CatalogSettings<Row extends CatalogRow, Values extends Record<string, unknown>>(props: CatalogSettingsProps<Row, Values>) {
  const { catalog, columns } = props;
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const list = useCatalog(catalog);
  const { remove } = useCatalogMutations(catalog);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const rows = (list.data ?? []) as Row[];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('orgSettings.catalog.deleted', { name: deleting.name }));
        setDeleting(null);
      },
      onError: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {tx(`orgSettings.${catalog}.description`)}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {tx(`orgSettings.${catalog}.add`)}
        </Button>
      </Group>
      {list.error ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!list.data ? (
            <TableSkeleton rows={5} />
          ) : rows.length === 0 ? (
            <EmptyState py="xl" icon={<IconListDetails />} title={tx(`orgSettings.${catalog}.empty`)} description={tx(`orgSettings.${catalog}.emptyHint`)} />
          ) : (
            <Table.ScrollContainer minWidth={600}>
              <Table aria-label={t(`orgSettings.${catalog}.table`)}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((c) => (
                      <Table.Th key={c.key}>{c.label}</Table.Th>
                    ))}
                    <Table.Th w={110}>{tx('orgSettings.catalog.employees')}</Table.Th>
                    <Table.Th w={100} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      {columns.map((c) => (
                        <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                      ))}
                      <Table.Td>
                        <Badge variant="light" color="gray">
                          {row.headcount}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label={tx('orgSettings.catalog.edit')}>
                            <ActionIcon variant="subtle" aria-label={t('orgSettings.catalog.editName', { name: row.name })} onClick={() => setEditing(row)}>
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={row.headcount > 0 ? tx('orgSettings.catalog.stillUsed') : tx('orgSettings.catalog.delete')}>
                            <ActionIcon variant="subtle" color="red" aria-label={t('orgSettings.catalog.deleteName', { name: row.name })} onClick={() => setDeleting(row)}>
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      {editing !== null && <CatalogFormModal {...props} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t(`orgSettings.${catalog}.deleteTitle`)}
        message={
          deleting && deleting.headcount > 0
            ? tx('orgSettings.catalog.inUse', { name: deleting.name, count: deleting.headcount })
            : tx('orgSettings.catalog.confirmDelete', { name: deleting?.name ?? '' })
        }
        confirmLabel={t('orgSettings.catalog.delete')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function CatalogFormModal<Row extends CatalogRow, Values extends Record<string, unknown>>(
  props: CatalogSettingsProps<Row, Values> & { row: Row | null; onClose: () => void },
) {
  const { catalog, schema, emptyValues, toValues, toInput, renderFields, row, onClose } = props;
  const { t } = useTranslation('hr');
  const tx = useTx('hr');
  const { create, update } = useCatalogMutations(catalog);
  const form = useForm<Values>({
    initialValues: row ? toValues(row) : emptyValues,
    validate: (v) => zodFormErrors(schema, toInput(v)),
  });
  const saving = create.isPending || update.isPending;

  const submit = form.onSubmit((v) => {
    const input = schema.parse(toInput(v)) as never;
    const onError = (error: Error) => {
      applyServerErrors(error, (path, message) => form.setFieldError(path, message), Object.keys(emptyValues));
      notifyError(error, t(`orgSettings.${catalog}.saveFailed`));
    };
    const onSuccess = () => {
      notifySuccess(row ? t(`orgSettings.${catalog}.updated`) : t(`orgSettings.${catalog}.added`));
      onClose();
    };
    if (row) update.mutate({ id: row.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  });

  return (
    <Modal opened onClose={onClose} title={row ? tx('orgSettings.catalog.editName', { name: row.name }) : tx(`orgSettings.${catalog}.add`)} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {renderFields(form)}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tx('orgSettings.catalog.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {row ? tx('orgSettings.catalog.save') : tx('orgSettings.catalog.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
