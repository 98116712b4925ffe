/**
 * The decode tool for the push protocols. FK: a TCP stream of XML messages
 * (NUL-terminated, or ended by `</Message>`), terminal messages and server
 * replies alike; a text capture may write the NUL as `\0`. ADMS: the raw text
 * of HTTP requests (and answers) as a terminal sends them, several per file.
 */
import { parseAttLog, parseDeviceCmd, parseGetRequestInfo, parseOperLog, parseOptionsReply } from '../receivers/adms-codec.ts';
import { fkEventName, fkInt, fkKind, fkTime, parseFkMessage, parseFkReply } from '../receivers/fk-codec.ts';
import { formatLocal } from '../local-time.ts';
import { latestPlausible, timeProblem } from '../plausible.ts';
import { isText, type DecodedLine } from './input.ts';

/** FK messages of a stream, each with whether a NUL ended it. */
function fkMessages(text: string): { xml: string; nul: boolean }[] {
  const out: { xml: string; nul: boolean }[] = [];
  let rest = text;
  for (;;) {
    const nul = rest.indexOf('\0');
    const close = rest.indexOf('</Message>');
    if (nul < 0 && close < 0) break;
    const byNul = nul >= 0 && (close < 0 || nul <= close + '</Message>'.length);
    const end = byNul ? nul : close + '</Message>'.length;
    const xml = rest.slice(0, end).trim();
    rest = rest.slice(end + (byNul ? 1 : 0));
    if (xml) out.push({ xml, nul: byNul });
  }
  if (rest.trim()) out.push({ xml: rest.trim(), nul: false });
  return out;
}

/** Every decoded line of an FK capture (bytes, hex already turned into bytes). */
export function decodeFk(content: Buffer, now: Date = new Date()): DecodedLine[] {
  const latest = latestPlausible(undefined, now);
  const text = isText(content) ? content.toString('utf8').replace(/\\0/g, '\0') : content.toString('utf8');
  const lines: DecodedLine[] = [];
  for (const { xml, nul } of fkMessages(text)) {
    let fields: Map<string, string>;
    try {
      fields = parseFkMessage(xml);
    } catch {
      lines.push({ kind: 'refused', reason: 'not an XML <Message>', preview: xml.slice(0, 120) });
      continue;
    }
    const reply = parseFkReply(fields);
    if (reply && fkKind(fields) === 'Other') {
      lines.push({
        kind: 'ack',
        ...reply,
        nulTerminated: nul,
        // Classic terminals act only on the vendor form, NUL-terminated (v2 events on <Response>{event}</Response> with Result OK).
        acceptedByClassicTerminals: reply.tag === 'Request' && nul,
      });
      continue;
    }
    const kind = fkKind(fields);
    const event = fkEventName(fields);
    const transIdText = fields.get('TransID');
    const transId = fkInt(fields, 'TransID') ?? transIdText;
    const terminalId = fkInt(fields, 'TerminalID');
    const base = {
      event,
      ...(transId !== undefined ? { transId } : {}),
      ...(terminalId !== undefined ? { terminalId } : {}),
      ...(fields.get('DeviceSerialNo') ? { serial: fields.get('DeviceSerialNo') } : {}),
      ...(fields.get('DeviceUID') ? { deviceUid: fields.get('DeviceUID') } : {}),
      ...(fields.get('TerminalType') ? { terminalType: fields.get('TerminalType') } : {}),
      nulTerminated: nul,
    };
    if (kind === 'TimeLog' || kind === 'AdminLog' || kind === 'Alarm') {
      const time = fkTime(fields);
      const problem = time ? timeProblem(time, latest) : 'no readable time';
      if (problem) {
        lines.push({ kind: 'refused', reason: `${event} ${transIdText ?? ''}: ${problem}`, ...base });
        continue;
      }
      if (kind === 'TimeLog') {
        lines.push({ kind, userId: fields.get('UserID') ?? '', time: formatLocal(time!), attendStat: fields.get('AttendStat') ?? '', verifMode: fields.get('VerifMode') ?? fields.get('Action') ?? '', ...base });
      } else if (kind === 'AdminLog') {
        lines.push({ kind, adminId: fields.get('AdminID') ?? null, userId: fields.get('UserID') ?? null, action: fields.get('Action') ?? '', time: formatLocal(time!), ...base });
      } else lines.push({ kind, type: fields.get('Type') ?? '', userId: fields.get('UserID') ?? null, time: formatLocal(time!), ...base });
    } else if (kind === 'KeepAlive') {
      lines.push({ kind, ...(fields.get('DevTime') ? { devTime: fields.get('DevTime') } : {}), ...base });
    } else lines.push({ kind: 'other', ...base, fields: Object.fromEntries(fields) });
  }
  if (lines.length === 0) lines.push({ kind: 'refused', reason: 'no FK <Message> in the capture' });
  return lines;
}

interface HttpMessage {
  startLine: string;
  headers: Map<string, string>;
  body: string;
}

/** HTTP requests and answers in capture text, read leniently (line endings, header spelling, missing lengths). */
function httpMessages(text: string): HttpMessage[] {
  const lines = text.split(/\r?\n/);
  const starts: number[] = [];
  lines.forEach((l, i) => {
    if (/^(GET|POST)\s+\/\S*/.test(l) || /^HTTP\/1\.[01]\s+\d{3}/.test(l)) starts.push(i);
  });
  return starts.map((start, n) => {
    const end = starts[n + 1] ?? lines.length;
    const headers = new Map<string, string>();
    let i = start + 1;
    for (; i < end && lines[i]!.trim() !== ''; i++) {
      const colon = lines[i]!.indexOf(':');
      if (colon > 0) headers.set(lines[i]!.slice(0, colon).replace(/\s+/g, '').toLowerCase(), lines[i]!.slice(colon + 1).trim());
    }
    let body = lines.slice(i + 1, end).join('\n');
    const length = Number(headers.get('content-length'));
    if (Number.isInteger(length) && length >= 0) body = Buffer.from(body, 'utf8').subarray(0, length).toString('utf8');
    return { startLine: lines[start]!, headers, body };
  });
}

/** Every decoded line of an ADMS capture. */
export function decodeAdms(text: string, now: Date = new Date()): DecodedLine[] {
  const latest = latestPlausible(undefined, now);
  const lines: DecodedLine[] = [];
  for (const message of httpMessages(text)) {
    if (message.startLine.startsWith('HTTP/')) {
      const options = parseOptionsReply(message.body);
      if (options.serial) lines.push({ kind: 'options', serial: options.serial, options: Object.fromEntries(options.options) });
      else {
        const commands = [...message.body.matchAll(/^C:(\d+):(.*)$/gm)].map((m) => ({ id: Number(m[1]), command: m[2]!.trim() }));
        lines.push({ kind: 'answer', status: Number(message.startLine.split(/\s+/)[1]), ...(commands.length ? { commands } : { body: message.body.trim().slice(0, 200) }) });
      }
      continue;
    }
    const [method, target = ''] = message.startLine.split(/\s+/);
    const url = new URL(target, 'http://terminal');
    const serial = url.searchParams.get('SN') ?? undefined;
    const table = (url.searchParams.get('table') ?? '').toUpperCase();
    const stamp = url.searchParams.get('Stamp') ?? url.searchParams.get('OpStamp') ?? undefined;
    const route = url.pathname.replace(/\.aspx$/, '');
    const request = { kind: 'request', method, path: route, ...(serial ? { serial } : {}), ...(table ? { table } : {}), ...(stamp ? { stamp } : {}) };
    if (route === '/iclock/cdata' && method === 'GET') {
      lines.push({ ...request, kind: 'handshake', pushver: url.searchParams.get('pushver') ?? null, options: url.searchParams.get('options') ?? null });
    } else if (route === '/iclock/cdata' && table === 'ATTLOG') {
      const { records, bad } = parseAttLog(message.body);
      lines.push({ ...request, records: records.length, bad: bad.length });
      for (const r of records) {
        const problem = timeProblem(r.local, latest);
        lines.push(problem ? { kind: 'refused', reason: `ATTLOG line of user ${r.userId}: ${problem}` } : { kind: 'punch', userId: r.userId, time: formatLocal(r.local), status: r.state, verify: r.verify });
      }
      for (const b of bad) lines.push({ kind: 'refused', reason: `ATTLOG line not understood (${b.reason})`, line: b.line });
    } else if (route === '/iclock/cdata' && table === 'OPERLOG') {
      const { records, bad, users, fingerprints, otherLines } = parseOperLog(message.body);
      lines.push({ ...request, records: records.length, users: users.length, fingerprints: fingerprints.length, otherLines, bad: bad.length });
      const ops = message.body.split(/\r?\n/).filter((l) => /^OPLOG\s/.test(l));
      records.forEach((r, i) =>
        lines.push({ kind: 'adminlog', op: /^OPLOG\s+(\S+)/.exec(ops[i] ?? '')?.[1] ?? null, action: r.action, time: formatLocal(r.local), adminId: r.adminId ?? null, targetUserId: r.targetUserId ?? null }),
      );
      for (const u of users) lines.push({ kind: 'user', ...u });
      for (const f of fingerprints) lines.push({ kind: 'fingerprint', ...f });
      for (const b of bad) lines.push({ kind: 'refused', reason: `OPERLOG line not understood (${b.reason})`, line: b.line });
    } else if (route === '/iclock/getrequest') {
      const info = parseGetRequestInfo(url.searchParams.get('INFO'));
      lines.push({ ...request, kind: 'heartbeat', ...(info ? { info } : {}) });
    } else if (route === '/iclock/devicecmd') {
      const { results, bad } = parseDeviceCmd(message.body);
      lines.push({ ...request, kind: 'command-results' });
      for (const r of results) lines.push({ kind: 'command-result', ...r });
      for (const b of bad) lines.push({ kind: 'refused', reason: 'devicecmd line not understood', line: b });
    } else lines.push({ ...request, bodyBytes: Buffer.byteLength(message.body) });
  }
  if (lines.length === 0) lines.push({ kind: 'refused', reason: 'no HTTP request or answer in the capture' });
  return lines;
}
