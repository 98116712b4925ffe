import { describe, expect, it } from 'vitest';
import {
  formatDateIn,
  formatDayShortIn,
  formatInstantIn,
  formatMonthIn,
  formatNumber,
  formatRupees,
  hasOwnMessage,
  pickLocale,
  translatorFor,
} from '../../shared/i18n/index.ts';
import { LEAVE_STATUS_LABELS, formatDate } from '../../shared/labels.ts';

describe('shared/i18n', () => {
  it('follows the browser: the first preferred language we ship, whatever its region; English otherwise', () => {
    expect(pickLocale(['mr-IN', 'en-US'])).toBe('mr-IN');
    expect(pickLocale(['hi'])).toBe('hi-IN');
    expect(pickLocale(['fr-FR', 'ta'])).toBe('ta-IN');
    expect(pickLocale(['en-GB', 'hi-IN'])).toBe('en-IN');
    expect(pickLocale(['fr-FR'])).toBe('en-IN');
    expect(pickLocale([])).toBe('en-IN');
  });

  it('writes numbers and money with lakh grouping and Latin digits in every language', () => {
    expect(formatNumber(12345678.5)).toBe('1,23,45,678.5');
    expect(formatRupees(100000)).toBe('₹1,00,000');
    expect(formatRupees(250000.5)).toBe('₹2,50,000.50');
  });

  it('names months and weekdays in the reader’s language, keeps English as Muster writes it', () => {
    expect(formatDateIn('en-IN', '2026-09-19')).toBe(formatDate('2026-09-19'));
    expect(formatDateIn('en-IN', '2026-09-19')).toBe('19 Sep 2026');
    expect(formatDateIn('hi-IN', '2026-12-19')).toMatch(/^19 दिस/);
    expect(formatMonthIn('mr-IN', '2026-11')).toBe('नोव्हेंबर 2026');
    expect(formatMonthIn('ta-IN', '2026-11')).toBe('நவம்பர் 2026');
    expect(formatDayShortIn('kn-IN', '2026-11-20')).toContain('ಶುಕ್ರ');
    expect(formatDateIn('mr-IN', null)).toBe('—');
  });

  it('writes an instant in the organisation’s zone with its name', () => {
    const at = '2026-11-24T20:40:00Z';
    expect(formatInstantIn('en-IN', at, 'Asia/Kolkata')).toBe('25 Nov 2026, 02:10 IST');
    const hindi = formatInstantIn('hi-IN', at, 'Asia/Kolkata');
    expect(hindi).toContain('02:10');
    expect(hindi).toContain('IST');
    expect(hindi).toContain('नव');
  });

  it('translates enum labels from the catalogue English labels.ts also reads', () => {
    expect(translatorFor('en-IN')('labels:leaveStatus.Approved')).toBe(LEAVE_STATUS_LABELS.Approved);
    expect(translatorFor('mr-IN')('labels:leaveStatus.Approved')).toBe('मंजूर');
    expect(translatorFor('ta-IN')('labels:attendanceStatus.WeeklyOff')).toBe('வார விடுமுறை');
  });

  it('falls back to English per key where a language lacks a message, never to the raw key', () => {
    expect(hasOwnMessage('hi-IN', 'labels', 'leaveStatus.Approved')).toBe(true);
    expect(hasOwnMessage('hi-IN', 'labels', 'noSuch.key')).toBe(false);
    expect(hasOwnMessage('hi-IN', 'hr', 'organisation.defaultLanguage')).toBe(false);
    expect(translatorFor('hi-IN')('hr:organisation.defaultLanguage')).toBe('Default language');
  });

  it('uses ICU plurals by the language’s rules', () => {
    const en = translatorFor('en-IN');
    expect(en('common:units.days', { count: 1 })).toBe('1 day');
    expect(en('common:units.days', { count: 3 })).toBe('3 days');
    const hi = translatorFor('hi-IN');
    expect(hi('common:units.days', { count: 1 })).toBe('1 दिन');
    expect(hi('common:units.days', { count: 3 })).toBe('3 दिन');
    // Latin digits in every language, also inside ICU plurals (Marathi's own digits would be १).
    expect(translatorFor('mr-IN')('common:units.days', { count: 1 })).toBe('1 दिवस');
    expect(translatorFor('mr-IN')('employee:leave.days', { count: 2.5 })).toBe('2.5 दिवस');
  });
});

