import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useSessionUser } from '../../session/session-context.tsx';
import { EmployeeDocumentsPanel } from './employee-documents-panel.tsx';

/** An employee's own documents: checklist, what HR asked for, uploads where allowed, own files. */
export function MyDocumentsPage() {
  const user = useSessionUser();
  const { t } = useTranslation('employee');
  return (
    <>
      <PageHeader title={t('documents.title')} description={t('documents.description')} />
      <EmployeeDocumentsPanel employeeId={user.employeeId} employeeName={user.fullName} self />
    </>
  );
}
