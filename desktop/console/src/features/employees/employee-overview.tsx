import { Anchor, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Employee } from '../../../../../shared/employees.ts';
import { DetailCard, type Detail } from '../../components/detail-list.tsx';
import { formatDate, formatInstant, formatRupees } from '../../lib/format.ts';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

/** Everything the caller may see about an employee, in cards. */
export function EmployeeOverview({ employee: e }: { employee: Employee }) {
  // Plain strings: a detail's label also names its row's test id. Every label here is translated in all languages.
  const { t } = useTranslation('hr');
  const l = (key: string) => t(`people.overview.${key}`);
  const sensitive = e.ctcAnnual !== undefined || e.bankAccountNumber !== undefined;
  // The employee reading their own record sees their ids masked; HR sees them in full.
  const ids = e.aadhaar !== undefined || e.pan !== undefined;
  const job: Detail[] = [
    { label: l('code'), value: e.code },
    { label: l('designation'), value: dash(e.designation?.name) },
    { label: l('department'), value: dash(e.department?.name) },
    { label: l('location'), value: dash(e.location?.name) },
    {
      label: l('reportsTo'),
      value: e.manager ? (
        <Anchor component={Link} to={`/employees/${e.manager.id}`} size="sm">
          {e.manager.fullName}
        </Anchor>
      ) : (
        '—'
      ),
    },
    { label: l('directReports'), value: e.directReports },
    { label: l('employmentType'), value: t(`labels:employmentType.${e.employmentType}`) },
    { label: l('shift'), value: dash(e.shift?.name) },
    { label: l('joined'), value: formatDate(e.joinedDate) },
    { label: l('exitDate'), value: formatDate(e.exitDate) },
  ];
  const contact: Detail[] = [
    { label: l('email'), value: e.email ? <Anchor href={`mailto:${e.email}`} size="sm">{e.email}</Anchor> : '—' },
    { label: l('phone'), value: dash(e.phone) },
    { label: l('gender'), value: e.gender ? t(`labels:gender.${e.gender}`) : '—' },
    { label: l('dateOfBirth'), value: formatDate(e.dateOfBirth) },
    { label: l('terminalUserId'), value: dash(e.terminalUserId) },
    { label: l('consoleLogin'), value: e.hasLogin ? l('yes') : l('no') },
    { label: l('lastUpdated'), value: formatInstant(e.updatedAt) },
  ];
  const statutory: Detail[] = [
    { label: l('annualCtc'), value: formatRupees(e.ctcAnnual) },
    { label: l('bank'), value: dash(e.bankName) },
    { label: l('accountNumber'), value: dash(e.bankAccountNumber) },
    { label: l('ifsc'), value: dash(e.bankIfsc) },
  ];
  const governmentIds: Detail[] = [
    { label: l('aadhaar'), value: dash(e.aadhaar) },
    { label: l('pan'), value: dash(e.pan) },
    { label: l('passportNumber'), value: dash(e.passportNumber) },
    { label: l('uan'), value: dash(e.uan) },
    { label: l('esi'), value: dash(e.esi) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <DetailCard title={l('job')} details={job} />
      <DetailCard title={l('contact')} details={contact} />
      {ids && <DetailCard title={l('governmentIds')} details={governmentIds} />}
      {sensitive && <DetailCard title={l('payAndBank')} details={statutory} />}
    </SimpleGrid>
  );
}
