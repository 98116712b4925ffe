import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useTx } from '../../i18n/language.tsx';
import { AdminLogs } from './admin-logs.tsx';
import { Enrolment } from './enrolment.tsx';
import { TerminalsTable } from './terminals-table.tsx';

/** Biometric terminals: registry and state, test connection, unmatched punches and mappings, admin logs. */
export function TerminalsPage() {
  const { t: tr } = useTranslation('hr');
  const tx = useTx('hr');
  const [tab, setTab] = useState<string | null>('terminals');
  return (
    <>
      <PageHeader title={tx('terminals.title')} documentTitle={tr('terminals.title')} description={tx('terminals.description')} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="terminals">{tx('terminals.tabs.terminals')}</Tabs.Tab>
          <Tabs.Tab value="enrolment">{tx('terminals.tabs.enrolment')}</Tabs.Tab>
          <Tabs.Tab value="logs">{tx('terminals.tabs.logs')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="terminals">
          <TerminalsTable />
        </Tabs.Panel>
        <Tabs.Panel value="enrolment">
          <Enrolment />
        </Tabs.Panel>
        <Tabs.Panel value="logs">
          <AdminLogs />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
