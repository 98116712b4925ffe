import { Navigate } from 'react-router';
import { useCan } from '../../session/session-context.tsx';

/** The Documents area: HR's organisation overview, everyone else's own documents. */
export function DocumentsHome() {
  const can = useCan();
  return <Navigate to={can('documents:manage') ? '/documents/overview' : '/documents/my'} replace />;
}
