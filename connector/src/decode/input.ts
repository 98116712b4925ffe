/**
 * Reading a capture for the decode tool: hex lines of a TCP stream or of UDP
 * datagrams (plain hex with any spacing, `0x`/colon separators, xxd or
 * hexdump lines with offsets and an ASCII column), raw bytes, or text (HTTP
 * requests, FK XML). A file in the test fixtures' format (`# key: value`
 * lines, then `---`) is read from after its `---`. Pure.
 */
import { anvizCrc } from '../drivers/anviz-codec.ts';

/** What one line of output says: a decoded item, or why something was refused. */
export type DecodedLine = Record<string, unknown> & { kind: string };

/** The capture's content after a fixture header, if it has one. */
export function stripFixtureHeader(text: string): string {
  if (!text.startsWith('#')) return text;
  const cut = text.search(/^---\s*$/m);
  if (cut < 0) return text;
  return text.slice(cut).replace(/^---\s*\r?\n/, '');
}

/** Whether bytes look like text (no NUL or control characters besides tab and line breaks). */
export function isText(bytes: Buffer): boolean {
  for (const b of bytes) if (b < 0x09 || (b > 0x0d && b < 0x20)) return false;
  return true;
}

const HEX_TOKEN = /^(0x)?([0-9a-f]{2})+$/i;

/**
 * One line of hex as bytes, or undefined when the line is not hex. An
 * offset (`00000010:`) and an ASCII column (after the 16 bytes of an xxd or
 * hexdump line) are left out. Segments separated by `|` end where a sample
 * wrote `CRC` for an Anviz CRC its tool computed: it is computed here.
 */
export function hexLine(line: string): Buffer | undefined {
  const trimmed = line.trim();
  if (trimmed === '') return undefined;
  const offset = /^([0-9a-f]{4,8}):?\s+/i.exec(trimmed);
  const dump = offset !== null && /^[0-9a-f]{4,8}:/i.test(trimmed);
  const body = dump ? trimmed.slice(offset[0].length) : trimmed;
  const segments = body.split('|');
  const out: Buffer[] = [];
  for (const segment of segments) {
    const tokens = segment.trim().split(/[\s:,]+/).filter(Boolean);
    const bytes: number[] = [];
    let crc = false;
    for (const token of tokens) {
      if (/^crc$/i.test(token)) {
        crc = true;
        break;
      }
      if (!HEX_TOKEN.test(token)) {
        if (dump) break; // the ASCII column
        return undefined;
      }
      const hex = token.replace(/^0x/i, '');
      for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
      if (dump && bytes.length >= 16) break;
    }
    const buf = Buffer.from(bytes);
    if (crc) {
      const c = anvizCrc(buf);
      out.push(buf, Buffer.from([c & 0xff, c >>> 8]));
    } else out.push(buf);
  }
  return Buffer.concat(out);
}

/**
 * The capture as chunks: one per hex line (a TCP read, a datagram), or one
 * chunk of raw bytes, or the text itself (`text`) when it is neither.
 */
export function readCapture(content: Buffer): { chunks: Buffer[]; text?: string } {
  if (!isText(content)) return { chunks: [content] };
  const text = stripFixtureHeader(content.toString('utf8'));
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  const chunks = lines.map(hexLine);
  if (lines.length > 0 && chunks.every((c): c is Buffer => c !== undefined)) return { chunks };
  return { chunks: [], text };
}

/** Bytes as lowercase hex. */
export const hex = (b: Buffer): string => b.toString('hex');
