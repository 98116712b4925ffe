import { PageHeader } from '../../components/page-header.tsx';
import { useSessionUser } from '../../session/session-context.tsx';
import { EmployeeDocumentsPanel } from './employee-documents-panel.tsx';

/** An employee's own documents: checklist, what HR asked for, uploads where allowed, own files. */
export function MyDocumentsPage() {
  const user = useSessionUser();
  return (
    <>
      <PageHeader title="My documents" description="What HR keeps on file for you, what is still missing, and what they have asked for." />
      <EmployeeDocumentsPanel employeeId={user.employeeId} employeeName={user.fullName} self />
    </>
  );
}
