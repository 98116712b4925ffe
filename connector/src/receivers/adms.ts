/**
 * HTTP receiver for ZKTeco ADMS/iclock terminals. A batch is answered `OK`
 * only after it is in the spool; on any failure the terminal gets a 5xx and
 * sends the batch again (the spool's natural key absorbs the repeat).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { commandsReply, optionsReply, parseAttLog, parseDeviceCmd, parseGetRequestInfo, parseOperLog, STAMPED_TABLES, uploadStamp, type StampedTable } from './adms-codec.ts';
import type { Receiver, ReceiverContext } from './types.ts';

const MAX_BODY = 16 * 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error(`body above ${MAX_BODY} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function reply(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function zoneHours(timeZone: string): number {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(offset);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60) : 0;
}

export async function startAdmsReceiver(ctx: ReceiverContext, host: string, port: number): Promise<Receiver> {
  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      ctx.logger.error({ err: error, url: req.url }, 'ADMS request failed; the terminal will resend');
      if (!res.headersSent) reply(res, 500, 'ERROR');
    });
  });

  /** Lines that cannot be read as records become dead letters with the reason (before the terminal hears OK). */
  function keepUnreadable(terminal: ReturnType<ReceiverContext['resolve']>, kind: 'timelog' | 'adminlog', table: string, bad: { line: string; reason: string }[]): void {
    if (bad.length === 0) return;
    for (const b of bad) ctx.logger.warn({ serial: terminal.identity.serial, line: b.line, reason: b.reason }, `ADMS ${table} line not understood: kept as a dead letter`);
    ctx.spool.addUnreadable(
      terminal.key,
      terminal.identity,
      kind,
      bad.map((b) => ({ text: `${table}\t${b.line}`, reason: `ADMS ${table} line not understood (${b.reason}): ${JSON.stringify(b.line.slice(0, 200))}` })),
    );
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://terminal');
    const serial = url.searchParams.get('SN')?.trim();
    if (!url.pathname.startsWith('/iclock/')) return reply(res, 404, 'not found');
    if (!serial) return reply(res, 400, 'SN is required');
    const terminal = ctx.resolve(serial, {});
    const route = url.pathname.replace(/\.aspx$/, '');
    if (route === '/iclock/cdata' && req.method === 'GET') {
      ctx.contact(terminal, {});
      // The stamps of what is already spooled: a terminal (or this connector) restarting does not mean the whole log again.
      const stamps = ctx.spool.admsStamps(serial);
      return reply(res, 200, optionsReply(serial, { delaySeconds: 10, timeZoneHours: zoneHours(terminal.identity.timeZone), stamps }));
    }
    if (route === '/iclock/cdata' && req.method === 'POST') {
      const body = await readBody(req);
      const table = (url.searchParams.get('table') ?? '').toUpperCase();
      const stamp = uploadStamp(url.searchParams);
      // Only once the upload is spooled: a stamp kept for records not kept would skip them for good.
      const stamped = () => {
        if (stamp && (STAMPED_TABLES as readonly string[]).includes(table)) ctx.spool.setAdmsStamp(serial, table as StampedTable, stamp);
      };
      if (table === 'ATTLOG') {
        const { records, bad } = parseAttLog(body);
        keepUnreadable(terminal, 'timelog', 'ATTLOG', bad);
        const outcome = ctx.spool.addPunches(terminal.key, terminal.identity, records, terminal.mapping);
        stamped();
        ctx.spooled();
        ctx.contact(terminal, { records: outcome.added });
        return reply(res, 200, `OK: ${records.length}`);
      }
      if (table === 'OPERLOG') {
        const { records, bad, users, fingerprints, otherLines } = parseOperLog(body);
        keepUnreadable(terminal, 'adminlog', 'OPERLOG', bad);
        ctx.spool.addAdminLogs(terminal.key, terminal.identity, records, terminal.mapping);
        // User and fingerprint lines are the terminal's user table, not admin events.
        ctx.spool.upsertPushUsers(serial, users);
        if (users.length || fingerprints.length || otherLines) {
          ctx.logger.info({ serial, users: users.length, fingerprints: fingerprints.length, otherLines }, 'ADMS OPERLOG user data kept apart from admin events');
        }
        stamped();
        ctx.spooled();
        ctx.contact(terminal, {});
        return reply(res, 200, `OK: ${records.length + users.length + fingerprints.length}`);
      }
      // Photos and other tables are not part of what Muster keeps from push terminals.
      stamped();
      ctx.contact(terminal, {});
      return reply(res, 200, 'OK');
    }
    if (route === '/iclock/getrequest') {
      const info = parseGetRequestInfo(url.searchParams.get('INFO'));
      if (info) ctx.logger.debug({ serial, info }, 'ADMS terminal info');
      ctx.contact(terminal, {});
      return reply(res, 200, commandsReply(ctx.spool.takeAdmsCommands(serial)));
    }
    if (route === '/iclock/devicecmd') {
      const { results, bad } = parseDeviceCmd(req.method === 'POST' ? await readBody(req) : '');
      for (const result of results) {
        if (!ctx.spool.recordAdmsResult(serial, result)) ctx.logger.warn({ serial, result }, 'ADMS result for a command this terminal was not given');
        else if (result.returnCode < 0) ctx.logger.warn({ serial, result }, 'ADMS command failed on the terminal');
      }
      if (bad.length) ctx.logger.warn({ serial, lines: bad.slice(0, 5) }, 'ADMS devicecmd lines not understood');
      ctx.contact(terminal, {});
      return reply(res, 200, 'OK');
    }
    return reply(res, 404, 'not found');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
