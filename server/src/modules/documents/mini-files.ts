import zlib from 'node:zlib';

/**
 * Small, valid files made from scratch for the demo organisation and tests:
 * a one-page PDF of text lines (the standard Helvetica font, so no font is
 * embedded) and a PNG picture. Fast enough to make hundreds at seed time, and
 * real enough for any viewer to open.
 */

function pdfText(value: string): string {
  // WinAnsi covers the demo's names; anything else becomes '?'.
  return value.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
}

/** A one-page A4 PDF with a title, text lines and a border, like a scanned form. */
export function miniPdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    '0.93 0.95 0.98 rg 36 36 523 770 re f',
    '0.18 0.29 0.49 RG 2 w 36 36 523 770 re S',
    'BT /F2 20 Tf 0.1 0.16 0.29 rg 60 760 Td',
    `(${pdfText(title)}) Tj`,
    'ET',
    'BT /F1 12 Tf 0.1 0.1 0.1 rg 60 720 Td 18 TL',
    ...lines.map((l) => `(${pdfText(l)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A passport-style photograph placeholder (RGB PNG): a tinted background and
 * a head-and-shoulders silhouette, varied by `seed`.
 */
export function miniPng(seed: number, width = 120, height = 150): Buffer {
  const hue = seed % 6;
  type Rgb = [number, number, number];
  const bg = ([[220, 230, 245], [225, 240, 230], [245, 232, 220], [235, 225, 245], [240, 240, 225], [225, 238, 242]] as Rgb[])[hue]!;
  const skin = ([[224, 172, 105], [198, 134, 66], [141, 85, 36], [241, 194, 125]] as Rgb[])[seed % 4]!;
  const shirt = ([[40, 70, 120], [90, 90, 90], [120, 40, 50], [30, 100, 80]] as Rgb[])[(seed >> 2) % 4]!;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width * 0.2);
      const dy = (y - height * 0.38) / (height * 0.2);
      const sx = (x - width / 2) / (width * 0.45);
      const sy = (y - height * 1.05) / (height * 0.45);
      const colour = dx * dx + dy * dy <= 1 ? skin : sx * sx + sy * sy <= 1 ? shirt : bg;
      raw.set(colour, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
