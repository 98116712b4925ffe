import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { LocationInput, type Location } from '../../../../../shared/org.ts';
import { useTx } from '../../i18n/language.tsx';
import { blankToNull } from '../../lib/form-errors.ts';
import { CatalogSettings } from './catalog-settings.tsx';

interface Values extends Record<string, unknown> {
  name: string;
  addressLine: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

function address(l: Location): string {
  return [l.addressLine, l.city, l.state, l.postalCode, l.country].filter(Boolean).join(', ');
}

export function LocationsSettings() {
  const tx = useTx('hr');
  return (
    <CatalogSettings<Location, Values>
      catalog="locations"
      columns={[
        { key: 'name', label: tx('orgSettings.catalog.name'), render: (l) => <Text size="sm" fw={500}>{l.name}</Text> },
        { key: 'address', label: tx('orgSettings.catalog.address'), render: (l) => <Text size="sm" c="dimmed">{address(l) || '—'}</Text> },
      ]}
      schema={LocationInput}
      emptyValues={{ name: '', addressLine: '', city: '', state: '', postalCode: '', country: 'India' }}
      toValues={(l) => ({
        name: l.name,
        addressLine: l.addressLine ?? '',
        city: l.city ?? '',
        state: l.state ?? '',
        postalCode: l.postalCode ?? '',
        country: l.country,
      })}
      toInput={(v) => ({
        name: v.name,
        addressLine: blankToNull(v.addressLine),
        city: blankToNull(v.city),
        state: blankToNull(v.state),
        postalCode: blankToNull(v.postalCode),
        ...(v.country.trim() ? { country: v.country } : {}),
      })}
      renderFields={(form) => (
        <>
          <TextInput label={tx('orgSettings.catalog.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label={tx('orgSettings.catalog.address')} {...form.getInputProps('addressLine')} />
          <SimpleGrid cols={2}>
            <TextInput label={tx('orgSettings.catalog.city')} {...form.getInputProps('city')} />
            <TextInput label={tx('orgSettings.catalog.state')} {...form.getInputProps('state')} />
            <TextInput label={tx('orgSettings.catalog.postalCode')} {...form.getInputProps('postalCode')} />
            <TextInput label={tx('orgSettings.catalog.country')} {...form.getInputProps('country')} />
          </SimpleGrid>
        </>
      )}
    />
  );
}
