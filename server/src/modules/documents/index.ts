/** Employee documents: catalogue, checklists, files with versions, verification, expiry, requests (spec §4.4), the organisation view. */
export { documentFilesOf, documentRoutes } from './routes.ts';
export { documentStore, relativePathOf, type DocumentStore } from './store.ts';
export type { DocumentFiles } from './upload.ts';
export { applyDocumentRetention, remindExpiringDocuments } from './jobs.ts';
export { requestDocuments } from './requests.ts';
export { employeeDocuments } from './read.ts';
export { seedDemoDocuments } from './demo.ts';
// Supporting files of leave requests: leave decides who attaches what and when; this module keeps and reads the files.
export { type LeaveAttachments, type LeaveDocumentTarget, type ReceivedFile, type ReceivedForm, keepLeaveDocument, leaveAttachments, receiveForm } from './leave-files.ts';
