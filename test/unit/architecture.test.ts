import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's seams, checked on its source text (docs/architecture.md):
 * no import circles, modules reach each other only through `index.ts`, SQL
 * lives in repositories (SQLite-only SQL is marked), no route touches a cache,
 * no mutable function slots, files stay small. Each allowance names its reason.
 */

const root = path.resolve(import.meta.dirname, '../..');
const serverSrc = path.join(root, 'server/src');

interface SourceFile {
  file: string; // relative to server/src
  text: string;
  lines: string[];
  imports: { target: string; typeOnly: boolean }[];
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

function load(): SourceFile[] {
  return walk(serverSrc).map((full) => {
    const text = fs.readFileSync(full, 'utf8');
    const file = path.relative(serverSrc, full);
    const imports: SourceFile['imports'] = [];
    const add = (spec: string, typeOnly: boolean) => {
      if (!spec.startsWith('.')) return;
      const target = path.relative(serverSrc, path.resolve(path.dirname(full), spec));
      imports.push({ target, typeOnly });
    };
    for (const m of text.matchAll(IMPORT)) add(m[3] as string, Boolean(m[2]));
    for (const m of text.matchAll(DYNAMIC)) add(m[1] as string, false);
    return { file, text, lines: text.split('\n'), imports };
  });
}

const files = load();
const inServer = (target: string) => !target.startsWith('..');

function moduleOf(file: string): string | undefined {
  const m = /^modules\/([^/]+)\//.exec(file);
  return m?.[1];
}

function cycles(typeOnlyToo: boolean): string[][] {
  const graph = new Map<string, string[]>();
  for (const f of files) graph.set(f.file, f.imports.filter((i) => inServer(i.target) && (typeOnlyToo || !i.typeOnly)).map((i) => i.target));
  // Tarjan's strongly connected components.
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** Files a repository rule does not apply to, with the reason. */
const SQL_ALLOWED: Record<string, string> = {
  'db/database.ts': 'opens the database and runs the migrations',
  'db/table-versions.ts': "reads SQLite's catalogue of foreign keys",
  'db/reusable-query.ts': 'runs compiled repository queries',
  'db/dialect.ts': 'the SQL fragments that differ between SQLite and PostgreSQL (the one seam repositories ask)',
  'db/postgres.ts': "reads PostgreSQL's catalogue of foreign keys",
  'tools/migrate-to-postgres.ts': 'copies every table of a SQLite file into PostgreSQL (a tool, not a request path)',
  'jobs/backup.ts': "SQLite's online backup of the whole file",
  'seed/demo.ts': "writes the demo organisation's fixture rows in bulk (data, not behaviour)",
  'modules/attendance/demo.ts': "writes the demo's punch history in bulk (data, not behaviour)",
};

/** Files over the size limit, with the reason they stay whole. */
const LONG_ALLOWED: Record<string, string> = {
  'db/schema.ts': 'the typed table list of every migration: one interface per table, nothing to split by job',
};

const SQL_CALL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:<[^>]*>)?`|\.pragma\(|\.prepare\(/;

function isRepository(file: string): boolean {
  return /(^|\/)repo(\.ts|\/)/.test(file) || /-repo\.ts$/.test(file) || file.startsWith('db/migrations/');
}

describe('server architecture', () => {
  it('has no import circle (runtime or type-only)', () => {
    expect(cycles(false)).toEqual([]);
    expect(cycles(true)).toEqual([]);
  });

  it('reaches another module only through its index.ts', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const own = moduleOf(f.file);
      for (const i of f.imports) {
        const target = moduleOf(i.target);
        if (!target || target === own) continue;
        if (!i.target.endsWith('/index.ts')) wrong.push(`${f.file} → ${i.target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps SQL in repositories', () => {
    const outside: string[] = [];
    for (const f of files) {
      if (isRepository(f.file) || SQL_ALLOWED[f.file]) continue;
      f.lines.forEach((line, i) => {
        if (SQL_CALL.test(line) && !line.trimStart().startsWith('//') && !line.trimStart().startsWith('*')) outside.push(`${f.file}:${i + 1}`);
      });
    }
    expect(outside).toEqual([]);
  });

  it('marks every SQLite-only statement of a repository', () => {
    const SQLITE_ONLY = /group_concat|\binsert or\b|\bINSERT OR\b|\breplace into\b|PRAGMA|pragma\(|strftime\(|julianday\(|\bdate\(|datetime\(|json_extract|json_each|\bglob\b|ifnull\(|\browid\b/;
    const unmarked: string[] = [];
    for (const f of files) {
      if (!isRepository(f.file) || f.file.startsWith('db/migrations/')) continue;
      f.lines.forEach((line, i) => {
        if (!SQLITE_ONLY.test(line)) return;
        const around = f.lines.slice(Math.max(0, i - 4), i + 1).join('\n');
        if (!/SQLite-only/.test(around)) unmarked.push(`${f.file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(unmarked).toEqual([]);
  });

  it('says once in each file allowed to hold SQLite-only SQL that it does', () => {
    const silent = Object.keys(SQL_ALLOWED).filter((f) => /pragma|group_concat|sqlite_master|backup\(/i.test(files.find((x) => x.file === f)?.text ?? '') && !/SQLite-only/.test(files.find((x) => x.file === f)?.text ?? ''));
    expect(silent).toEqual([]);
  });

  it('lets no route or service clear a cache: caches are fed by the connection', () => {
    const wrong = files.filter((f) => /\b(bump\w*|forget\w*|invalidate\w*)\(/.test(f.text) && !f.file.startsWith('db/')).map((f) => f.file);
    expect(wrong).toEqual([]);
    const routesWithCaches = files.filter((f) => /routes\.ts$/.test(f.file) && /db\/cache\.ts/.test(f.text)).map((f) => f.file);
    expect(routesWithCaches).toEqual([]);
  });

  it('has no mutable module-level function slots', () => {
    const slots: string[] = [];
    for (const f of files) {
      f.lines.forEach((line, i) => {
        if (/^let\s+\w+\s*(:\s*[^=]+)?=\s*(async\s+)?(\([^)]*\)|\w+)\s*=>/.test(line) || /^let\s+\w+\s*:\s*\(/.test(line)) slots.push(`${f.file}:${i + 1}`);
      });
    }
    expect(slots).toEqual([]);
  });

  it('keeps source files under ~500 lines', () => {
    const long = files.filter((f) => f.lines.length > 520 && !LONG_ALLOWED[f.file]).map((f) => `${f.file} (${f.lines.length})`);
    expect(long).toEqual([]);
  });

  it('keeps module internals out of routes: a route file imports no repository', () => {
    const wrong = files.filter((f) => /routes\.ts$/.test(f.file) && f.imports.some((i) => /(^|\/)repo(\.ts|\/)/.test(i.target))).map((f) => f.file);
    expect(wrong).toEqual([]);
  });
});
