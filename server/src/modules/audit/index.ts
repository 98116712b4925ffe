/** The audit trail: every change to a person's data, written in the changing transaction; the organisation-wide audit area. */
export { type AuditInput, allAudit, diffFields, listAudit, maskAuditValues, recordAudit } from './service.ts';
export { auditRoutes, auditTable } from './routes.ts';
