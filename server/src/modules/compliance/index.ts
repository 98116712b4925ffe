/** Compliance: statutory registers from Muster's data, the period bundle, filed (frozen) periods and their amendments. */
export { complianceRoutes } from './routes.ts';
export { listRegisters, previewRegister, exportRegister } from './registers.ts';
export { checkAllFilings, checkFiling, listFilings, readiness, startFiling } from './filing.ts';
export { prepareBundle, startBundleJob, startRegisterExportJob } from './downloads.ts';
export { missingData } from './missing.ts';
export { seedDemoCompliance } from './demo.ts';
