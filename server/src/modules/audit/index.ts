/** The audit trail: every change to a person's data, written in the changing transaction. */
export { type AuditInput, allAudit, diffFields, listAudit, recordAudit } from './service.ts';
