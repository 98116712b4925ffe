import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, COMPLETE_NAMESPACES, LOCALES, NAMESPACES, keysOf, messageAt } from '../../shared/i18n/index.ts';
import { consoleFiles, keysUsed, scanSource } from '../support/i18n-scan.ts';
import { PENDING_TRANSLATION } from './i18n-pending.ts';

/**
 * Issue 21 §1/§4: the console takes its words from the catalogues, and every shipped language
 * holds every message of what employees and managers read (HR namespaces may fall back to
 * English per string). Each message is valid ICU and uses the same arguments as the English.
 */

const CONSOLE = path.resolve(import.meta.dirname, '../../desktop/console/src');
const en = CATALOGUES['en-IN'];

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) into.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(e.value);
      for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    }
    if (e.type === TYPE.tag) argumentsOf(e.children, into);
  }
  return into;
}

describe('the catalogues', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en-IN')) {
    for (const ns of NAMESPACES) {
      it(`${locale} ${ns}: ${COMPLETE_NAMESPACES.includes(ns) ? 'every English key, nothing else' : 'no key English lacks (missing ones fall back)'}`, () => {
        const englishKeys = keysOf(en[ns]);
        const keys = keysOf(CATALOGUES[locale][ns]);
        expect(keys.filter((k) => !englishKeys.includes(k)), 'keys English does not have').toEqual([]);
        if (COMPLETE_NAMESPACES.includes(ns)) expect(englishKeys.filter((k) => !keys.includes(k)), 'keys missing').toEqual([]);
      });
    }
  }

  it('holds valid ICU messages with the English message’s arguments in every language', () => {
    const problems: string[] = [];
    for (const ns of NAMESPACES) {
      for (const key of keysOf(en[ns])) {
        const english = argumentsOf(parse(messageAt(en[ns], key) ?? ''));
        for (const locale of LOCALES) {
          const message = messageAt(CATALOGUES[locale][ns], key);
          if (message === undefined) continue;
          try {
            const args = [...argumentsOf(parse(message))].sort();
            if (args.join() !== [...english].sort().join()) problems.push(`${locale} ${ns}:${key} uses {${args.join(', ')}}, English {${[...english].join(', ')}}`);
          } catch (err) {
            problems.push(`${locale} ${ns}:${key} is not ICU: ${(err as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the console’s words', () => {
  const files = consoleFiles(CONSOLE);

  it('come from the catalogues: no JSX text or visible attribute (title, label, placeholder, aria-label…) written in the code', () => {
    const findings = files.filter((f) => !PENDING_TRANSLATION.includes(path.relative(CONSOLE, f))).flatMap((f) => scanSource(path.relative(CONSOLE, f), fs.readFileSync(f, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('the list of files still to translate holds only files that still need it', () => {
    const known = new Set(files.map((f) => path.relative(CONSOLE, f)));
    expect(PENDING_TRANSLATION.filter((f) => !known.has(f)), 'no such file').toEqual([]);
    const clean = PENDING_TRANSLATION.filter((f) => known.has(f) && scanSource(f, fs.readFileSync(path.join(CONSOLE, f), 'utf8')).length === 0);
    expect(clean, 'translated now: remove them from test/unit/i18n-pending.ts').toEqual([]);
  });

  it('asks only for keys the English catalogue has', () => {
    const missing: string[] = [];
    for (const f of files) {
      for (const { key, line } of keysUsed(fs.readFileSync(f, 'utf8'), f)) {
        const [ns, rest] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [null, key];
        const namespaces = ns ? [ns] : NAMESPACES;
        // A key built from an enum value (`labels:leaveStatus.${s}`) is a template, not a literal: not checked here.
        const found = namespaces.some((n) => (NAMESPACES as readonly string[]).includes(n) && messageAt(en[n as (typeof NAMESPACES)[number]], rest) !== undefined);
        if (!found) missing.push(`${path.relative(CONSOLE, f)}:${line} ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the scan finds what it must (a check that cannot fail is no check)', () => {
    const findings = scanSource(
      'x.tsx',
      `export const A = () => <Stack><Title>My leave</Title><TextInput label="Email" placeholder={'you@x'} aria-label={\`Search \${n}\`} /><Text>{t('ok')} · — ₹</Text>{'Shown'}</Stack>;`,
    );
    expect(findings.map((f) => f.text)).toEqual(['My leave', 'label="Email"', 'placeholder="you@x"', 'aria-label="Search …"', 'Shown']);
  });
});
