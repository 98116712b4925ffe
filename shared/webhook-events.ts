import { z } from 'zod';
import { AttendanceDay, Regularization } from './attendance/index.ts';
import { Filing } from './compliance.ts';
import { EmployeeDocument } from './documents.ts';
import { LeaveRequest } from './leave/index.ts';
import { PublicEmployee } from './public-v1.ts';
import { AttendanceDayFinal, TerminalStatusEvent, WEBHOOK_EVENTS, type WebhookEventType, webhookEnvelope } from './webhooks.ts';

/** What `data` is for each event type: the representation the API returns (the OpenAPI `webhooks` section is built from it). */
export const WEBHOOK_EVENT_DATA: Record<WebhookEventType, z.ZodType> = {
  'employee.created': PublicEmployee,
  'employee.updated': PublicEmployee,
  'employee.exited': PublicEmployee,
  'leave.request.submitted': LeaveRequest,
  'leave.request.approved': LeaveRequest,
  'leave.request.rejected': LeaveRequest,
  'leave.request.withdrawn': LeaveRequest,
  'leave.request.cancelled': LeaveRequest,
  'regularization.submitted': Regularization,
  'regularization.decided': Regularization,
  'attendance.day.overridden': AttendanceDay,
  'attendance.day.final': AttendanceDayFinal,
  'terminal.offline': TerminalStatusEvent,
  'terminal.online': TerminalStatusEvent,
  'document.uploaded': EmployeeDocument,
  'document.reviewed': EmployeeDocument,
  'compliance.period.filed': Filing,
  'compliance.period.amended': Filing,
  'webhook.test': z.object({ message: z.string(), endpointId: z.string() }).meta({ id: 'WebhookTestData' }),
};

/** Each event type's whole body (the envelope with its `data`), for the OpenAPI description and tests. */
export function webhookEventSchema(type: WebhookEventType) {
  return webhookEnvelope(type, WEBHOOK_EVENT_DATA[type]).meta({ description: WEBHOOK_EVENTS[type] });
}
