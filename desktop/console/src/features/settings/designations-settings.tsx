import { Text, TextInput } from '@mantine/core';
import { DesignationInput, type Designation } from '../../../../../shared/org.ts';
import { CatalogSettings } from './catalog-settings.tsx';

interface Values extends Record<string, unknown> {
  name: string;
}

export function DesignationsSettings() {
  return (
    <CatalogSettings<Designation, Values>
      catalog="designations"
      noun="designation"
      description="Job titles, such as Machine Operator or Accounts Executive."
      columns={[{ label: 'Name', render: (d) => <Text size="sm" fw={500}>{d.name}</Text> }]}
      schema={DesignationInput}
      emptyValues={{ name: '' }}
      toValues={(d) => ({ name: d.name })}
      toInput={(v) => ({ name: v.name })}
      renderFields={(form) => <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />}
    />
  );
}
