import {
  AdminLog,
  ConnectorConfig,
  DemoSchedule,
  IngestAccepted,
  KeepAlive,
  KeepAliveAccepted,
  PHOTO_MAX_BYTES,
  TIMELOG_BATCH_MAX,
  TimeLog,
  TimeLogBatch,
  TimeLogBatchAccepted,
} from '../../../../shared/ingest.ts';
import type { Response } from 'express';
import type { ModuleDeps, Caller } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { demoSchedule } from '../attendance/index.ts';
import { connectorConfig, ingestAdminLog, ingestKeepAlive } from './service.ts';
import { TimeLogBatcher } from './time-logs.ts';

/**
 * The busiest answers are written directly: Express's res.json would also
 * hash the body for an ETag, which nothing caches on a POST.
 */
function sendJson(res: Response, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const IDEMPOTENT =
  'Idempotent: a replay of the same (`serial`, `transId`), or of the same natural record, answers 200 with `duplicate: true` and changes nothing.';

/** Spec §4.6 ingest routes and the connector's configuration, all with the connector secret (spec §5.4). */
export function ingestRoutes(api: Api, deps: ModuleDeps): void {
  const tags = ['Biometric ingest'];
  const ctx = (caller: Caller) => deps.ctxFor(caller);
  const timeLogs = new TimeLogBatcher(deps.config.filesDir, deps.logger);

  api.op(
    {
      method: 'post',
      path: '/api/ingest/biometric/timelog',
      operationId: 'ingestTimeLog',
      summary: 'One punch from a terminal',
      description: [
        'Required: `serial`, `terminalType` (at least one character), `terminalId`, `transId`, `terminalUserId` (safe integers) and `at` (ISO 8601 with calendar validation, seconds optional, `Z` or a numeric offset such as `+05:30`; no offset is a 400). Optional: `attendStat`, `verifyMode`, `deviceUid`, `photoBase64`, `registryId` (the terminal\'s id from `/config`: a terminal registered without a serial is matched by it and gets this serial).',
        `\`photoBase64\`: base64 of a JPEG or PNG (checked by its magic bytes), at most ${PHOTO_MAX_BYTES} bytes decoded (413 above); stored in the data folder and shown beside the punch.`,
        IDEMPOTENT,
        'A terminal appears in the registry on its first message. The terminal user id is mapped to an employee (the terminal\'s mapping, the organisation\'s, else the employee\'s biometric id); an unmapped user\'s punch is kept as unmatched. The punch\'s shift day is reconciled in the same transaction.',
        'Answer: `{ ok: true, duplicate, id }` (`id` = the stored punch).',
      ].join('\n\n'),
      tags,
      auth: 'connector',
      body: TimeLog,
      bodyLimit: '2mb',
      // The busiest route: a plain JSON punch skips Express's request set-up and body parser (http/lean-json.ts).
      lean: true,
      response: IngestAccepted,
      // A photo above the limit (or a body above 2 MiB) is refused as too large.
      errors: [413],
    },
    async ({ body, caller, res }) => sendJson(res, await timeLogs.submit(await ctx(caller), body)),
  );

  api.op(
    {
      method: 'post',
      path: '/api/ingest/biometric/timelogs',
      operationId: 'ingestTimeLogs',
      summary: `Up to ${TIMELOG_BATCH_MAX} punches in one request, each answered on its own`,
      description: [
        `A connector's way to deliver a backlog: \`records\` holds 1 to ${TIMELOG_BATCH_MAX} bodies of \`POST /api/ingest/biometric/timelog\`. Each record is validated on its own by exactly the rules of that route, so an invalid one is refused alone and the others are stored.`,
        'The answer (200 when the envelope is valid) has one result per record, in order: `{ ok: true, duplicate, id }` as the single route answers, or `{ ok: false, status, detail, errors }` with the status the single route would have given (400 invalid, 413 photo too large; 500 = not stored now, send it again). A body without a list of 1 to ' +
          `${TIMELOG_BATCH_MAX} records is a 400; a body above 8 MiB is a 413 (send records with photos a few at a time).`,
        IDEMPOTENT,
        'The records are stored with those of concurrent requests in one transaction and each affected shift day is reconciled once; the answer is sent after that commit.',
      ].join('\n\n'),
      tags,
      auth: 'connector',
      body: TimeLogBatch,
      bodyLimit: '8mb',
      lean: true,
      response: TimeLogBatchAccepted,
      errors: [413],
    },
    async ({ body, caller, res }) => sendJson(res, { results: await timeLogs.submitMany(await ctx(caller), body.records) }),
  );

  api.op(
    {
      method: 'post',
      path: '/api/ingest/biometric/adminlog',
      operationId: 'ingestAdminLog',
      summary: 'An administrative event on a terminal (enrol, delete user, set password…)',
      description: `Required: \`serial\`, \`terminalType\`, \`terminalId\`, \`transId\`, \`at\` (as for timelog), \`action\`. Optional: \`adminId\`, \`targetUserId\`, \`result\`, \`deviceUid\`, \`registryId\`. Kept per terminal; audited (category Devices) on the employee the target user maps to. ${IDEMPOTENT} Answer: \`{ ok: true, duplicate, id }\`.`,
      tags,
      auth: 'connector',
      body: AdminLog,
      response: IngestAccepted,
    },
    async ({ body, caller }) => ingestAdminLog(await ctx(caller), body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/ingest/biometric/keepalive',
      operationId: 'ingestKeepAlive',
      summary: "A terminal's heartbeat, with the connector's view of it",
      description:
        'Required: `serial`, `terminalType`. Optional: `terminalId`, `transId`, `deviceUid`, `registryId`, and the connector\'s `state`, `clockSkewSeconds`, `backlog`, `deadLetters`, `detail`, `firmware`, `unmappedUserIds` (terminal user ids it cannot send as integers: kept per terminal for an administrator to map; the map comes back in `/config` as `userIdMap`). The state and detail are kept for the console. It counts as contact (last contact; an offline notice ends) only when `state` is `online` or absent: a connector reporting `offline`/`error` keeps the terminal offline, and admins are notified once it has been unreachable longer than its threshold. It marks the terminal synced (a day becomes final once every terminal of the location has synced past it) only when, besides, `backlog` is 0 or absent. Answer: `{ ok: true, terminalId }` (the registry id).',
      tags,
      auth: 'connector',
      body: KeepAlive,
      response: KeepAliveAccepted,
    },
    async ({ body, caller }) => ingestKeepAlive(await ctx(caller), body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/ingest/biometric/config',
      operationId: 'connectorConfig',
      summary: 'The terminals a connector serves',
      description:
        'Managed from the console\'s Terminals page, so a connector needs only the server URL and the secret. Lists terminals that can be reached: an address (host, port), a serial port, or a push protocol with a known serial; `enabled: false` ones are listed so the connector can stop them. `timeZone` is the terminal\'s zone or the organisation\'s. Push terminals are listed once they have a serial and the port the connector listens on (`host` = the address to listen on, all when null). `userIdMap` maps the terminal\'s non-numeric user ids to integers.',
      tags,
      auth: 'connector',
      response: ConnectorConfig,
    },
    async ({ caller }) => connectorConfig(await ctx(caller)),
  );

  api.op(
    {
      method: 'get',
      path: '/api/ingest/demo/schedule',
      operationId: 'demoSchedule',
      summary: "The demo terminals' timetable (demo mode only)",
      description:
        'For the emulated terminals of `npm start` in demo mode: every shift day of yesterday, today and tomorrow (the organisation\'s days) a demo employee is expected at work (employed, not on leave, not on a holiday or weekly off), with the shift\'s start and end instants, where the person is now by their punches (`none`, `in`, `out`), and the terminals of each location. Read-only. 404 when the server does not run the demo (`MUSTER_DEMO`).',
      tags,
      auth: 'connector',
      response: DemoSchedule,
      errors: [404],
    },
    async ({ caller }) => demoSchedule(await ctx(caller), { demo: deps.config.demo }),
  );
}
