import { Anchor, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router';
import type { Employee } from '../../../../../shared/employees.ts';
import { DetailCard, type Detail } from '../../components/detail-list.tsx';
import { formatDate, formatInstant, formatRupees, humanize } from '../../lib/format.ts';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

/** Everything the caller may see about an employee, in cards. */
export function EmployeeOverview({ employee: e }: { employee: Employee }) {
  const sensitive = e.ctcAnnual !== undefined || e.bankAccountNumber !== undefined;
  // The employee reading their own record sees their ids masked; HR sees them in full.
  const ids = e.aadhaar !== undefined || e.pan !== undefined;
  const job: Detail[] = [
    { label: 'Employee code', value: e.code },
    { label: 'Designation', value: dash(e.designation?.name) },
    { label: 'Department', value: dash(e.department?.name) },
    { label: 'Location', value: dash(e.location?.name) },
    {
      label: 'Reports to',
      value: e.manager ? (
        <Anchor component={Link} to={`/employees/${e.manager.id}`} size="sm">
          {e.manager.fullName}
        </Anchor>
      ) : (
        '—'
      ),
    },
    { label: 'Direct reports', value: e.directReports },
    { label: 'Employment type', value: humanize(e.employmentType) },
    { label: 'Shift', value: dash(e.shift?.name) },
    { label: 'Joined', value: formatDate(e.joinedDate) },
    { label: 'Exit date', value: formatDate(e.exitDate) },
  ];
  const contact: Detail[] = [
    { label: 'Email', value: e.email ? <Anchor href={`mailto:${e.email}`} size="sm">{e.email}</Anchor> : '—' },
    { label: 'Phone', value: dash(e.phone) },
    { label: 'Gender', value: e.gender ? humanize(e.gender) : '—' },
    { label: 'Date of birth', value: formatDate(e.dateOfBirth) },
    { label: 'Terminal user id', value: dash(e.terminalUserId) },
    { label: 'Console login', value: e.hasLogin ? 'Yes' : 'No' },
    { label: 'Last updated', value: formatInstant(e.updatedAt) },
  ];
  const statutory: Detail[] = [
    { label: 'Annual CTC', value: formatRupees(e.ctcAnnual) },
    { label: 'Bank', value: dash(e.bankName) },
    { label: 'Account number', value: dash(e.bankAccountNumber) },
    { label: 'IFSC', value: dash(e.bankIfsc) },
  ];
  const governmentIds: Detail[] = [
    { label: 'Aadhaar', value: dash(e.aadhaar) },
    { label: 'PAN', value: dash(e.pan) },
    { label: 'Passport number', value: dash(e.passportNumber) },
    { label: 'UAN', value: dash(e.uan) },
    { label: 'ESI number', value: dash(e.esi) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <DetailCard title="Job" details={job} />
      <DetailCard title="Contact and personal" details={contact} />
      {ids && <DetailCard title="Government ids" details={governmentIds} />}
      {sensitive && <DetailCard title="Pay and bank" details={statutory} />}
    </SimpleGrid>
  );
}
