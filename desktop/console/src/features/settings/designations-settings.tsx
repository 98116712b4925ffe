import { Text, TextInput } from '@mantine/core';
import { DesignationInput, type Designation } from '../../../../../shared/org.ts';
import { useTx } from '../../i18n/language.tsx';
import { CatalogSettings } from './catalog-settings.tsx';

interface Values extends Record<string, unknown> {
  name: string;
}

export function DesignationsSettings() {
  const tx = useTx('hr');
  return (
    <CatalogSettings<Designation, Values>
      catalog="designations"
      columns={[{ key: 'name', label: tx('orgSettings.catalog.name'), render: (d) => <Text size="sm" fw={500}>{d.name}</Text> }]}
      schema={DesignationInput}
      emptyValues={{ name: '' }}
      toValues={(d) => ({ name: d.name })}
      toInput={(v) => ({ name: v.name })}
      renderFields={(form) => <TextInput label={tx('orgSettings.catalog.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />}
    />
  );
}
