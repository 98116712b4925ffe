/** Attendance terminals: the registry, their state as the connector reports it, enrolments and raw user ids. */
export { terminalRoutes } from './routes.ts';
export { type Contact, type Heard, attachPunchesOfBiometricId, connectorConfigTerminals, notifyOfflineTerminals, terminalForContact, touchTerminal } from './service.ts';
export { recordUnmappedReport } from './raw-users.ts';
