import { Text, TextInput } from '@mantine/core';
import { DepartmentInput, type Department } from '../../../../../shared/org.ts';
import { blankToNull } from '../../lib/form-errors.ts';
import { CatalogSettings } from './catalog-settings.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  code: string;
}

export function DepartmentsSettings() {
  return (
    <CatalogSettings<Department, Values>
      catalog="departments"
      noun="department"
      description="Departments group employees for reports, filters and approvals."
      columns={[
        { label: 'Name', render: (d) => <Text size="sm" fw={500}>{d.name}</Text> },
        { label: 'Code', render: (d) => <Text size="sm" ff="monospace">{d.code ?? '—'}</Text> },
      ]}
      schema={DepartmentInput}
      emptyValues={{ name: '', code: '' }}
      toValues={(d) => ({ name: d.name, code: d.code ?? '' })}
      toInput={(v) => ({ name: v.name, code: blankToNull(v.code) })}
      renderFields={(form) => (
        <>
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Code" description="Optional short code, e.g. ENG" {...form.getInputProps('code')} />
        </>
      )}
    />
  );
}
