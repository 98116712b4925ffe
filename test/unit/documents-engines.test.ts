import { describe, expect, it } from 'vitest';
import { isAadhaarValid } from '../../shared/employees.ts';
import { isVerhoeffValid, verhoeffCheckDigit } from '../../shared/verhoeff.ts';
import { checklistOf, isComplete, stateOf, textSlot, typeSlot } from '../../server/src/modules/documents/checklist.ts';
import type { DocRow } from '../../server/src/modules/documents/repo/files.ts';
import type { TypeRow } from '../../server/src/modules/documents/repo/types.ts';
import { detectMediaType } from '../../server/src/modules/documents/media.ts';
import { miniPdf, miniPng } from '../../server/src/modules/documents/mini-files.ts';
import { openText, sealText } from '../../server/src/secrets.ts';
import { relativePathOf } from '../../server/src/modules/documents/store.ts';

describe('Verhoeff', () => {
  it('computes the check digits of published examples', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(verhoeffCheckDigit('142857')).toBe(0);
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('123451')).toBe(true);
    expect(isVerhoeffValid('1428570')).toBe(true);
  });

  it('catches every single-digit error and every adjacent swap of a valid number', () => {
    const valid = '999941057058';
    expect(isVerhoeffValid(valid)).toBe(true);
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        expect(isVerhoeffValid(valid.slice(0, i) + d + valid.slice(i + 1))).toBe(false);
      }
      if (i < valid.length - 1 && valid[i] !== valid[i + 1]) {
        expect(isVerhoeffValid(valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2))).toBe(false);
      }
    }
  });

  it('validates Aadhaar numbers: 12 digits, not starting with 0 or 1, check digit right', () => {
    expect(isAadhaarValid('999941057058')).toBe(true);
    expect(isAadhaarValid('999971658847')).toBe(true);
    expect(isAadhaarValid('999941057057')).toBe(false);
    expect(isAadhaarValid('99994105705')).toBe(false);
    const body = '12345678901';
    expect(isAadhaarValid(`${body}${verhoeffCheckDigit(body)}`)).toBe(false);
    expect(isVerhoeffValid('12a4')).toBe(false);
  });
});

describe('sealed values', () => {
  it('seal with a fresh IV each time and open only with the right key, untampered', () => {
    const key = Buffer.alloc(32, 7);
    const a = sealText(key, '999941057058');
    const b = sealText(key, '999941057058');
    expect(a).not.toBe(b);
    expect(openText(key, a)).toBe('999941057058');
    expect(() => openText(Buffer.alloc(32, 8), a)).toThrow();
    const raw = Buffer.from(a, 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => openText(key, raw.toString('base64'))).toThrow();
  });
});

const type = (id: string, over: Partial<TypeRow> = {}): TypeRow => ({
  id,
  name: id,
  name_key: id.toLowerCase(),
  category: 'Identity',
  description: null,
  expires: 0,
  remind_days_before: null,
  employee_may_upload: 1,
  sensitive: 0,
  active: 1,
  sort_order: 1,
  created_at: '',
  updated_at: '',
  ...over,
});

const doc = (slot: string, version: number, over: Partial<DocRow> = {}): DocRow =>
  ({ id: `${slot}-${version}`, slot_key: slot, version, status: 'Verified', expires_on: null, deleted_at: null, review_note: null, title: slot, document_type_id: slot.startsWith('type:') ? slot.slice(5) : null, ...over }) as DocRow;

describe('the checklist engine', () => {
  const today = '2026-12-01';
  const types = new Map([type('PAN'), type('Passport', { expires: 1, remind_days_before: 90 }), type('Aadhaar')].map((t) => [t.id, t]));
  const required = [types.get('PAN')!, types.get('Aadhaar')!];

  it('states each item: have, missing, expired, awaiting verification, rejected with its reason', () => {
    expect(stateOf(null, today)).toBe('Missing');
    expect(stateOf(doc('type:PAN', 1), today)).toBe('Have');
    expect(stateOf(doc('type:PAN', 1, { status: 'AwaitingVerification' }), today)).toBe('AwaitingVerification');
    expect(stateOf(doc('type:PAN', 1, { status: 'Rejected' }), today)).toBe('Rejected');
    expect(stateOf(doc('type:PAN', 1, { expires_on: '2026-11-30' }), today)).toBe('Expired');
    expect(stateOf(doc('type:PAN', 1, { expires_on: '2026-12-01' }), today)).toBe('Have');
  });

  it('takes the newest version not deleted as current, lists other held or requested items after the required ones', () => {
    const items = checklistOf({
      required,
      types,
      documents: [
        doc('type:PAN', 1),
        doc('type:PAN', 2, { status: 'Rejected', review_note: 'Blurred', deleted_at: '2026-11-01' }),
        doc('type:PAN', 3, { status: 'Rejected', review_note: 'Blurred' }),
        doc('type:Passport', 1, { expires_on: '2027-01-15' }),
      ],
      openRequests: [{ name_key: textSlot('Rent  agreement'), name: 'Rent agreement', status: 'Open' } as never],
      today,
    });
    expect(items.map((i) => [i.name, i.required, i.state])).toEqual([
      ['PAN', true, 'Rejected'],
      ['Aadhaar', true, 'Missing'],
      ['Passport', false, 'Have'],
      ['Rent agreement', false, 'Missing'],
    ]);
    expect(items[0]).toMatchObject({ versions: 3, rejectionNote: 'Blurred', current: { version: 3 } });
    expect(items[2]?.expiringSoon).toBe(true);
    expect(textSlot(' Rent   Agreement ')).toBe('text:rent agreement');
    expect(typeSlot('x')).toBe('type:x');
    expect(isComplete(items)).toBe(false);
    expect(isComplete(checklistOf({ required, types, documents: [doc('type:PAN', 1), doc('type:Aadhaar', 1)], openRequests: [], today }))).toBe(true);
  });
});

describe('files', () => {
  it('decides the media type from the bytes', async () => {
    expect(await detectMediaType(miniPdf('x', ['y']))).toBe('application/pdf');
    expect(await detectMediaType(miniPng(1))).toBe('image/png');
    expect(await detectMediaType(Buffer.from('<html><body>%PDF-1.4</body></html>'))).toBeUndefined();
    expect(await detectMediaType(Buffer.alloc(0))).toBeUndefined();
  });

  it('fans files out by hash and refuses anything that is not one', () => {
    const h = 'ab'.repeat(32);
    expect(relativePathOf(h).split(/[\\/]/)).toEqual(['ab', 'ab', h]);
    expect(() => relativePathOf('../../etc/passwd')).toThrow();
  });
});
