import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, EmptyState, Group, Modal, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash, IconListDetails } from '@tabler/icons-react';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { applyServerErrors, zodFormErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCatalog, useCatalogMutations, type CatalogName } from './org-queries.ts';

interface CatalogRow {
  id: string;
  name: string;
  headcount: number;
}

export interface CatalogColumn<Row> {
  label: string;
  render: (row: Row) => ReactNode;
}

export interface CatalogSettingsProps<Row extends CatalogRow, Values extends Record<string, unknown>> {
  catalog: CatalogName;
  /** `department`: used in titles and messages. */
  noun: string;
  description: string;
  columns: CatalogColumn<Row>[];
  schema: z.ZodType;
  emptyValues: Values;
  toValues: (row: Row) => Values;
  toInput: (values: Values) => Record<string, unknown>;
  renderFields: (form: UseFormReturnType<Values>) => ReactNode;
}

/** A lookup table (departments, locations, designations) with add, edit and delete in modals. */
export function CatalogSettings<Row extends CatalogRow, Values extends Record<string, unknown>>(props: CatalogSettingsProps<Row, Values>) {
  const { catalog, noun, description, columns } = props;
  const list = useCatalog(catalog);
  const { remove } = useCatalogMutations(catalog);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const rows = (list.data ?? []) as Row[];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(`${deleting.name} was deleted.`);
        setDeleting(null);
      },
      onError: () => setDeleting(null),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add {noun}
        </Button>
      </Group>
      {list.error ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {!list.data ? (
            <TableSkeleton rows={5} />
          ) : rows.length === 0 ? (
            <EmptyState py="xl" icon={<IconListDetails />} title={`No ${noun}s yet`} description={`Add the first ${noun} to use it on employee profiles.`} />
          ) : (
            <Table.ScrollContainer minWidth={600}>
              <Table aria-label={`${noun}s`}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((c) => (
                      <Table.Th key={c.label}>{c.label}</Table.Th>
                    ))}
                    <Table.Th w={110}>Employees</Table.Th>
                    <Table.Th w={100} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      {columns.map((c) => (
                        <Table.Td key={c.label}>{c.render(row)}</Table.Td>
                      ))}
                      <Table.Td>
                        <Badge variant="light" color="gray">
                          {row.headcount}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label="Edit">
                            <ActionIcon variant="subtle" aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={row.headcount > 0 ? 'Still used by employees' : 'Delete'}>
                            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${row.name}`} onClick={() => setDeleting(row)}>
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
        title={`Delete ${noun}`}
        message={
          deleting && deleting.headcount > 0
            ? `${deleting.name} is still used by ${deleting.headcount} employee(s); move them first, or the server will refuse.`
            : `Delete ${deleting?.name ?? ''}? This cannot be undone.`
        }
        confirmLabel="Delete"
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
  const { catalog, noun, schema, emptyValues, toValues, toInput, renderFields, row, onClose } = props;
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
      notifyError(error, `Could not save the ${noun}`);
    };
    const onSuccess = () => {
      notifySuccess(row ? `${noun[0]?.toUpperCase()}${noun.slice(1)} updated.` : `${noun[0]?.toUpperCase()}${noun.slice(1)} added.`);
      onClose();
    };
    if (row) update.mutate({ id: row.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  });

  return (
    <Modal opened onClose={onClose} title={row ? `Edit ${row.name}` : `Add ${noun}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          {renderFields(form)}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {row ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
