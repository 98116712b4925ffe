import { Text, TextInput } from '@mantine/core';
import { DepartmentInput, type Department } from '../../../../../shared/org.ts';
import { useTx } from '../../i18n/language.tsx';
import { blankToNull } from '../../lib/form-errors.ts';
import { CatalogSettings } from './catalog-settings.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  code: string;
}

export function DepartmentsSettings() {
  const tx = useTx('hr');
  return (
    <CatalogSettings<Department, Values>
      catalog="departments"
      columns={[
        { key: 'name', label: tx('orgSettings.catalog.name'), render: (d) => <Text size="sm" fw={500}>{d.name}</Text> },
        { key: 'code', label: tx('orgSettings.catalog.code'), render: (d) => <Text size="sm" ff="monospace">{d.code ?? '—'}</Text> },
      ]}
      schema={DepartmentInput}
      emptyValues={{ name: '', code: '' }}
      toValues={(d) => ({ name: d.name, code: d.code ?? '' })}
      toInput={(v) => ({ name: v.name, code: blankToNull(v.code) })}
      renderFields={(form) => (
        <>
          <TextInput label={tx('orgSettings.catalog.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label={tx('orgSettings.catalog.code')} description={tx('orgSettings.catalog.codeHint')} {...form.getInputProps('code')} />
        </>
      )}
    />
  );
}
