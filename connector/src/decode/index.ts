/**
 * `connector decode --protocol zk|anviz|fk|adms FILE`: reads a capture and
 * prints one JSON line per thing it decodes (packet, frame, punch, user,
 * acknowledgement…) or the reason it refuses something. For field engineers
 * asking why a terminal's punches did not arrive, and for the tests.
 *
 * Captures: hex lines of a TCP stream or of UDP datagrams (from Wireshark's
 * "Follow TCP stream" as hex, `tshark -T fields -e tcp.payload`, `xxd`), raw
 * bytes, the raw text of HTTP requests (ADMS), XML text (FK). libpcap files
 * are not read: no maintained npm pcap reader fits (see docs/terminals.md for
 * turning a .pcap into hex lines with tshark).
 */
import fs from 'node:fs';
import { decodeAnviz } from './anviz.ts';
import { readCapture, stripFixtureHeader, type DecodedLine } from './input.ts';
import { decodeAdms, decodeFk } from './push.ts';
import { decodeZk } from './zk.ts';

export const DECODE_PROTOCOLS = ['zk', 'anviz', 'fk', 'adms'] as const;
export type DecodeProtocol = (typeof DECODE_PROTOCOLS)[number];

export const DECODE_USAGE = 'usage: connector decode --protocol zk|anviz|fk|adms FILE   (one JSON line per decoded item or refusal)';

/** Decodes a capture's bytes. */
export function decodeCapture(protocol: DecodeProtocol, content: Buffer, now: Date = new Date()): DecodedLine[] {
  const PCAP_MAGIC = [0xa1b2c3d4, 0xd4c3b2a1, 0xa1b23c4d, 0x4d3cb2a1, 0x0a0d0d0a];
  if (content.length >= 4 && PCAP_MAGIC.includes(content.readUInt32LE(0))) {
    return [{ kind: 'refused', reason: 'this is a libpcap/pcapng file, which the tool does not read: export the TCP or UDP payloads as hex lines (docs/terminals.md: tshark -r FILE -T fields -e tcp.payload)' }];
  }
  if (protocol === 'adms') return decodeAdms(stripFixtureHeader(content.toString('utf8')), now);
  const capture = readCapture(content);
  if (protocol === 'fk') return decodeFk(capture.text !== undefined ? Buffer.from(capture.text, 'utf8') : Buffer.concat(capture.chunks), now);
  if (capture.text !== undefined) return [{ kind: 'refused', reason: `the capture is neither hex lines nor raw bytes (${protocol} is a binary protocol)` }];
  return protocol === 'zk' ? decodeZk(capture.chunks, now) : decodeAnviz(capture.chunks, now);
}

/** Runs the verb; returns the exit status (0: read, 2: usage, 1: unreadable file). Output is written synchronously. */
export function decodeCommand(args: string[], out: (line: string) => void = (l) => fs.writeSync(1, `${l}\n`), err: (line: string) => void = (l) => fs.writeSync(2, `${l}\n`)): number {
  let protocol: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--protocol' || a === '-p') protocol = args[++i];
    else if (a.startsWith('--protocol=')) protocol = a.slice('--protocol='.length);
    else files.push(a);
  }
  if (!protocol || !(DECODE_PROTOCOLS as readonly string[]).includes(protocol) || files.length !== 1) {
    err(DECODE_USAGE);
    return 2;
  }
  let content: Buffer;
  try {
    content = fs.readFileSync(files[0]!);
  } catch (error) {
    err(`cannot read ${files[0]}: ${(error as Error).message}`);
    return 1;
  }
  for (const line of decodeCapture(protocol as DecodeProtocol, content)) out(JSON.stringify(line));
  return 0;
}
