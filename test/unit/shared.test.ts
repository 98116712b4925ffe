import { describe, expect, it } from 'vitest';
import { PageQuery, UUID_PATTERN, Uuid, UuidInput, pageCount, queryInt } from '../../shared/common.ts';
import { addDays, dayInZone, daysBetween, financialYearStart, monthBounds, splitDay, startOfDayInZone, startOfIsoWeek, weekdayOf } from '../../shared/dates.ts';
import { EmployeeCreate, maskGovernmentId } from '../../shared/employees.ts';
import { permissionsOf, scopeOf } from '../../shared/permissions.ts';

describe('uuid (spec §2 conventions)', () => {
  it.each([
    ['00000000-0000-0000-0000-000000000000', true],
    ['ffffffff-ffff-ffff-ffff-ffffffffffff', true],
    ['FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', true],
    ['123e4567-e89b-12d3-a456-426614174000', true],
    ['123e4567-e89b-82d3-b456-426614174000', true],
    ['123e4567-e89b-42d3-9456-426614174000', true],
    ['123e4567-e89b-02d3-a456-426614174000', false], // version 0
    ['123e4567-e89b-92d3-a456-426614174000', false], // version 9
    ['123e4567-e89b-42d3-c456-426614174000', false], // variant c
    ['123e4567-e89b-42d3-7456-426614174000', false], // variant 7
    ['123e4567e89b42d3a456426614174000', false],
    ['123e4567-e89b-42d3-a456-42661417400', false],
    ['00000000-0000-0000-0000-00000000000f', false],
  ])('%s → %s', (value, ok) => {
    expect(UUID_PATTERN.test(value)).toBe(ok);
    expect(Uuid.safeParse(value).success).toBe(ok);
  });

  it('lower-cases ids read from requests', () => {
    expect(UuidInput.parse('ABCDEF12-3456-4789-8ABC-DEF012345678')).toBe('abcdef12-3456-4789-8abc-def012345678');
  });
});

describe('pagination (spec §4.8)', () => {
  it('defaults to page 1 and 50 and enforces the bounds', () => {
    expect(PageQuery.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(PageQuery.parse({ page: '2', pageSize: '100' })).toEqual({ page: 2, pageSize: 100 });
    for (const bad of [{ pageSize: '101' }, { pageSize: '0' }, { page: '0' }, { page: '1e2' }, { page: ' 1' }, { page: '1.0' }]) {
      expect(PageQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('counts pages as ceil(total / pageSize), at least 1', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(101, 100)).toBe(2);
  });

  it('reads integers strictly', () => {
    const q = queryInt({ min: 0 });
    expect(q.parse('42')).toBe(42);
    expect(q.safeParse('-1').success).toBe(false);
    expect(q.safeParse('0x10').success).toBe(false);
    expect(q.safeParse('99999999999999999').success).toBe(false);
  });
});

describe('dates in the organisation zone', () => {
  it('finds the day an instant falls on, either side of midnight', () => {
    expect(dayInZone(new Date('2026-03-31T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-03-31');
    expect(dayInZone(new Date('2026-03-31T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-04-01');
    expect(dayInZone(new Date('2026-04-01T03:00:00Z'), 'America/New_York')).toBe('2026-03-31');
  });

  it('finds when a day starts', () => {
    expect(startOfDayInZone('2026-04-01', 'Asia/Kolkata').toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(startOfDayInZone('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('does calendar arithmetic', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(startOfIsoWeek('2026-11-22')).toBe('2026-11-16');
    expect(startOfIsoWeek('2026-11-16')).toBe('2026-11-16');
    expect(monthBounds('2024-02-10')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(financialYearStart('2026-03-31', 4)).toBe('2025-04-01');
    expect(financialYearStart('2026-04-01', 4)).toBe('2026-04-01');
    expect(financialYearStart('2026-06-01', 1)).toBe('2026-01-01');
  });
});

describe('day arithmetic (read digit by digit, within a month without a calendar)', () => {
  // The definitions the fast paths must agree with: split on '-', and the calendar of Date.UTC.
  const splitRef = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return [y ?? 0, m ?? 1, d ?? 1];
  };
  const addRef = (day: string, days: number) => {
    const [y = 0, m = 1, d = 1] = splitRef(day);
    const t = new Date(Date.UTC(y, m - 1, d + days));
    return `${String(t.getUTCFullYear()).padStart(4, '0')}-${String(t.getUTCMonth() + 1).padStart(2, '0')}-${String(t.getUTCDate()).padStart(2, '0')}`;
  };

  it('agrees with the calendar on every seventh day of 32 years and on malformed days', () => {
    const days = ['2024-02-28', '2024-02-29', '2023-12-31', '0999-01-01', '0050-01-01', '2024-1-5', '', 'abc', '2024-13-01', '2024-00-10', '12024-01-01', '2024-01-32', '2024-0a-01'];
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2031, 0, 1); t += 7 * 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
    for (const day of days) {
      expect(splitDay(day)).toEqual(splitRef(day));
      for (const n of [-400, -29, -1, 0, 1, 27, 28, 31, 365, 0.5]) expect(addDays(day, n)).toBe(addRef(day, n));
    }
  });

  it('lists the days of a range across a month and a leap day', () => {
    expect(daysBetween('2024-02-27', '2024-03-02')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
  });
});

describe('permissions', () => {
  it('bundles presets and derives scope', () => {
    expect(scopeOf(permissionsOf(['Employee']))).toBe('self');
    expect(scopeOf(permissionsOf(['Manager']))).toBe('team');
    expect(scopeOf(permissionsOf(['HR']))).toBe('org');
    expect(permissionsOf(['Admin'])).toContain('api:manage');
    expect(permissionsOf(['HR'])).not.toContain('api:manage');
    expect(permissionsOf(['Employee', 'Manager'])).toEqual(permissionsOf(['Manager']));
  });
});

describe('employee contract', () => {
  it('masks government ids but the last four', () => {
    expect(maskGovernmentId('ABCPE1234F')).toBe('******234F');
    expect(maskGovernmentId('123')).toBe('***');
    expect(maskGovernmentId(null)).toBeNull();
  });

  it('normalises and validates statutory ids', () => {
    const ok = EmployeeCreate.parse({ code: 'E1', fullName: 'A B', joinedDate: '2024-01-01', pan: ' abcpe1234f ', bankIfsc: 'hdfc0001234', email: ' A@B.Example ' });
    expect(ok).toMatchObject({ pan: 'ABCPE1234F', bankIfsc: 'HDFC0001234', email: 'a@b.example', employmentType: 'FullTime' });
    const bad = EmployeeCreate.safeParse({ code: 'E1', fullName: 'A', joinedDate: '2024-01-01', uan: '123', esi: 'x', unknown: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.') || i.code).sort()).toEqual(['esi', 'uan', 'unrecognized_keys']);
  });
});
