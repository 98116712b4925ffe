import type { ReactNode } from 'react';
import { Card, DataList, Title } from '@mantine/core';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** A titled card of label/value rows. */
export function DetailCard({ title, details }: { title: string; details: Detail[] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={5} mb="sm">
        {title}
      </Title>
      <DataList withDivider labelWidth={150} size="sm">
        {details.map((d) => (
          <DataList.Item key={d.label}>
            <DataList.ItemLabel c="dimmed">{d.label}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`detail-${d.label.toLowerCase().replace(/\W+/g, '-')}`}>{d.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Card>
  );
}
