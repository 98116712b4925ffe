import { Navigate } from 'react-router';
import { useCan } from '../../session/session-context.tsx';

/** `/attendance` opens the live board for those who see others, "My attendance" for everyone else. */
export function AttendanceHome() {
  const can = useCan();
  return <Navigate to={can('attendance:read') || can('attendance:team') ? '/attendance/live' : '/attendance/me'} replace />;
}
