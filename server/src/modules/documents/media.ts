import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file is, decided from its bytes (magic numbers, with the maintained
 * `file-type` library), never from its name or the type its sender declared:
 * an HTML page called `scan.pdf` or a renamed program is what it is.
 */

const LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

export function mediaLabel(mediaType: string): string {
  return LABELS[mediaType] ?? mediaType;
}

/** The media type of a file from its first bytes, or undefined when they match no known format. */
export async function detectMediaType(head: Buffer): Promise<string | undefined> {
  if (head.length === 0) return undefined;
  return (await fileTypeFromBuffer(head))?.mime;
}

/** A file extension for a media type (for download names that lack one). */
export function extensionOf(mediaType: string): string {
  switch (mediaType) {
    case 'application/pdf':
      return 'pdf';
    case 'image/jpeg':
      return 'jpg';
    case 'image/png':
      return 'png';
    case 'image/webp':
      return 'webp';
    default:
      return 'bin';
  }
}
