/** Employee documents: catalogue, checklists, files with versions, verification, expiry, requests (spec §4.4), the organisation view. */
export { documentFilesOf, documentRoutes } from './routes.ts';
export { documentStore, relativePathOf, type DocumentStore } from './store.ts';
export { applyDocumentRetention, remindExpiringDocuments } from './jobs.ts';
export { requestDocuments } from './requests.ts';
export { employeeDocuments } from './read.ts';
export { seedDemoDocuments } from './demo.ts';
