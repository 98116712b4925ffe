/** Attendance terminals: the registry, their state as the connector reports it, enrolments and raw user ids. */
export { terminalRoutes } from './routes.ts';
export { type Contact, type Heard, connectorConfigTerminals, connectorStateOf, notifyOfflineTerminals, terminalForContact, touchTerminal } from './contact.ts';
export { attachPunchesOfBiometricId } from './enrolment.ts';
export { recordUnmappedReport } from './raw-users.ts';

// Reports and the dashboard: uptime slots, the registry with its health, punches per terminal and day.
export { SLOT_MS, contactSlots, listTerminalHealthRows, punchesPerTerminalDay, recordContactSlot } from './repo/health.ts';
