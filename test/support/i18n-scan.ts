import fs from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';

/**
 * Finds the words a console file shows people without the catalogue: JSX text with letters,
 * and string literals (or templates) given to the attributes people read or hear (title, label,
 * placeholder, aria-label, description, alt…). Parsed with the bundler's own parser (vite's
 * `parseAst`, oxc), so it reads the file exactly as the build does.
 */

export const VISIBLE_ATTRIBUTES = new Set(['title', 'label', 'placeholder', 'aria-label', 'description', 'alt', 'subtitle', 'emptyMessage', 'confirmLabel', 'cancelLabel']);

export interface Finding {
  file: string;
  line: number;
  text: string;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Letters of any script (a lone "—", "·", "₹" or digits are not words). */
const WORDS = /\p{L}{2,}/u;

function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

function attributeName(node: Node): string | null {
  const name = node.name as Node | undefined;
  if (!name) return null;
  if (name.type === 'JSXIdentifier') return String(name.name);
  return null;
}

function literalText(value: Node | null | undefined): string | null {
  if (!value) return null;
  if (value.type === 'Literal' && typeof value.value === 'string') return value.value;
  if (value.type === 'JSXExpressionContainer') return literalText(value.expression as Node);
  if (value.type === 'TemplateLiteral') return ((value.quasis as Node[]) ?? []).map((q) => String((q.value as { cooked?: string }).cooked ?? '')).join('…');
  if (value.type === 'ConditionalExpression') return literalText(value.consequent as Node) ?? literalText(value.alternate as Node);
  return null;
}

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as Node;
  if (typeof n.type === 'string') visit(n);
  for (const [key, value] of Object.entries(n)) if (key !== 'parent' && value && typeof value === 'object') walk(value, visit);
}

export function scanSource(file: string, source: string): Finding[] {
  const findings: Finding[] = [];
  const program = parseAst(source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  // Attribute values are judged with their attribute (only the visible ones count).
  const attributeValues = new WeakSet<object>();
  walk(program, (n) => {
    if (n.type === 'JSXText') {
      const text = String(n.value).trim();
      if (WORDS.test(text)) findings.push({ file, line: lineOf(source, n.start), text });
    } else if (n.type === 'JSXAttribute') {
      if (n.value) attributeValues.add(n.value as object);
      const name = attributeName(n);
      if (!name || !VISIBLE_ATTRIBUTES.has(name)) return;
      const text = literalText(n.value as Node | null);
      if (text !== null && WORDS.test(text)) findings.push({ file, line: lineOf(source, n.start), text: `${name}="${text}"` });
    } else if (n.type === 'JSXExpressionContainer' && !attributeValues.has(n) && (n.expression as Node | undefined)?.type === 'Literal') {
      const text = literalText(n.expression as Node);
      if (text !== null && WORDS.test(text)) findings.push({ file, line: lineOf(source, n.start), text });
    }
  });
  return findings;
}

/** The literal keys a file asks the catalogue for: `t('leave.apply')`, `i18n.t('labels:role.HR')`, `useTx(…)('…')`. */
export function keysUsed(source: string, file: string): { key: string; line: number }[] {
  const keys: { key: string; line: number }[] = [];
  const program = parseAst(source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  walk(program, (n) => {
    if (n.type !== 'CallExpression') return;
    const callee = n.callee as Node;
    const named = (callee.type === 'Identifier' && (callee.name === 't' || callee.name === 'tx')) || (callee.type === 'MemberExpression' && (callee.property as Node).type === 'Identifier' && (callee.property as Node).name === 't');
    const first = (n.arguments as Node[])[0];
    if (named && first?.type === 'Literal' && typeof first.value === 'string') keys.push({ key: first.value, line: lineOf(source, n.start) });
  });
  return keys;
}

export function consoleFiles(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.tsx')) out.push(full);
    }
  };
  visit(root);
  return out.sort();
}
