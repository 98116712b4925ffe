import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { LocationInput, type Location } from '../../../../../shared/org.ts';
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
  return (
    <CatalogSettings<Location, Values>
      catalog="locations"
      noun="location"
      description="Offices, plants and branches; holidays and terminals can be tied to a location."
      columns={[
        { label: 'Name', render: (l) => <Text size="sm" fw={500}>{l.name}</Text> },
        { label: 'Address', render: (l) => <Text size="sm" c="dimmed">{address(l) || '—'}</Text> },
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
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Address" {...form.getInputProps('addressLine')} />
          <SimpleGrid cols={2}>
            <TextInput label="City" {...form.getInputProps('city')} />
            <TextInput label="State" {...form.getInputProps('state')} />
            <TextInput label="Postal code" {...form.getInputProps('postalCode')} />
            <TextInput label="Country" {...form.getInputProps('country')} />
          </SimpleGrid>
        </>
      )}
    />
  );
}
