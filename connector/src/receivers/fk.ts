/**
 * TCP receiver for FK-family terminals pushing to a "log server". Messages of
 * a connection are handled in order; a log is acknowledged (the vendor's
 * `<Request>UploadedLog</Request>` with its TransID, or the v2 form for `_v2`
 * events) only once it is in the spool.
 */
import net from 'node:net';
import type { RawPunch } from '../drivers/types.ts';
import type { RawAdminLog } from '../records.ts';
import { FkFramer, fkAckFor, fkEventName, fkInt, fkKind, fkPhoto, fkTime, parseFkMessage } from './fk-codec.ts';
import type { Receiver, ReceiverContext } from './types.ts';

export async function startFkReceiver(ctx: ReceiverContext, host: string, port: number): Promise<Receiver> {
  const sockets = new Set<net.Socket>();

  function handleMessage(socket: net.Socket, xml: string): void {
    let fields: Map<string, string>;
    try {
      fields = parseFkMessage(xml);
    } catch {
      ctx.logger.warn({ preview: xml.slice(0, 120) }, 'FK receiver: not an XML message; ignored');
      return;
    }
    const kind = fkKind(fields);
    const serial = fields.get('DeviceSerialNo') ?? fields.get('SerialNo') ?? '';
    if (!serial) {
      ctx.logger.warn({ kind }, 'FK message without DeviceSerialNo; not acknowledged');
      return;
    }
    const terminalId = fkInt(fields, 'TerminalID');
    const deviceUid = fields.get('DeviceUID');
    const terminal = ctx.resolve(serial, { ...(terminalId !== undefined ? { terminalId } : {}), ...(deviceUid ? { deviceUid } : {}) });
    if (kind === 'KeepAlive') {
      const clock = fkTime(new Map([...fields].map(([k, v]) => [k === 'DevTime' ? 'Time' : k, v])));
      ctx.contact(terminal, clock ? { clock } : {});
      socket.write(fkAckFor(fields)!);
      return;
    }
    if (kind === 'Other') {
      ctx.contact(terminal, {});
      return;
    }
    if (kind === 'Alarm') {
      // Not a record Muster keeps; the vendor's server acknowledges it (else the terminal resends it forever).
      ctx.logger.warn({ serial, transId: fields.get('TransID'), type: fields.get('Type'), userId: fields.get('UserID') }, 'FK terminal alarm');
      ctx.contact(terminal, {});
      socket.write(fkAckFor(fields)!);
      return;
    }
    const transIdText = fields.get('TransID') ?? '';
    const local = fkTime(fields);
    if (!local) {
      // Without a time nothing can be recorded; not acknowledging keeps it on the terminal.
      ctx.logger.error({ serial, transId: transIdText }, 'FK log without a readable time; not acknowledged');
      ctx.spool.addAlert(terminal.key, 'unreadable', `FK terminal ${serial} sent log ${transIdText} without a readable time`);
      return;
    }
    // v2 firmware may send a TransID that is not a number; its LogID is the terminal's own record number then.
    const deviceTransId = fkInt(fields, 'TransID') ?? fkInt(fields, 'LogID');
    if (kind === 'TimeLog') {
      const photo = fkPhoto(fields);
      const punch: RawPunch = {
        userId: fields.get('UserID') ?? '',
        local,
        state: fields.get('AttendStat') ?? '',
        verify: fields.get('VerifMode') ?? fields.get('Action') ?? '',
        ...(deviceTransId !== undefined ? { deviceTransId } : {}),
        ...(photo ? { photoBase64: photo } : {}),
      };
      const outcome = ctx.spool.addPunches(terminal.key, terminal.identity, [punch], terminal.mapping);
      ctx.contact(terminal, { records: outcome.added });
    } else {
      const result = fkInt(fields, 'Result') ?? fkInt(fields, 'Stat');
      const admin: RawAdminLog = {
        action: fields.get('Action') || 'Unknown',
        local,
        ...(fields.get('AdminID') ? { adminId: fields.get('AdminID')! } : {}),
        ...(fields.get('UserID') ? { targetUserId: fields.get('UserID')! } : {}),
        ...(result !== undefined ? { result } : {}),
        ...(deviceTransId !== undefined ? { deviceTransId } : {}),
      };
      ctx.spool.addAdminLogs(terminal.key, terminal.identity, [admin], terminal.mapping);
      ctx.contact(terminal, {});
    }
    ctx.spooled();
    ctx.logger.debug({ serial, event: fkEventName(fields), transId: transIdText }, 'FK log spooled; acknowledged');
    socket.write(fkAckFor(fields)!);
  }

  const server = net.createServer((socket) => {
    sockets.add(socket);
    const framer = new FkFramer();
    socket.on('data', (chunk) => {
      try {
        for (const xml of framer.push(chunk)) handleMessage(socket, xml);
      } catch (error) {
        // A failed spool write must not be acknowledged: drop the connection, the terminal resends.
        ctx.logger.error({ err: error }, 'FK receiver failed; closing the connection so the terminal resends');
        socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
