import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The MCP SDK is loaded on the first POST to /api/mcp, not at start-up
 * (importing it costs a large share of the server's start): nothing the
 * server imports statically from its entry point may reach
 * `@modelcontextprotocol/*`. Type-only imports are erased and dynamic
 * `import()` is the lazy load itself, so both are allowed.
 */

const root = path.resolve(import.meta.dirname, '../..');
const STATIC = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(STATIC)) {
    if (m[2]) continue; // `import type` / `export type`
    // `import { type A, type B } from` is erased too when every name is a type.
    const clause = /\{([^}]*)\}/.exec(m[0])?.[1];
    if (clause && !/^\s*import\s+\w/.test(m[0]) && clause.split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    out.push(m[3] as string);
  }
  return out;
}

/** Every package specifier reached through static imports from `entry`, with the file that imports it. */
function reachedPackages(entry: string): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const target of staticImports(file)) {
      if (target.startsWith('.')) {
        const resolved = path.resolve(path.dirname(file), target);
        if (resolved.endsWith('.ts') && fs.existsSync(resolved)) walk(resolved);
      } else if (!packages.has(target)) packages.set(target, path.relative(root, file));
    }
  };
  walk(path.join(root, entry));
  return packages;
}

describe('start-up without the MCP SDK', () => {
  it('reaches no @modelcontextprotocol package through static imports from server/src/main.ts', () => {
    const packages = reachedPackages('server/src/main.ts');
    expect(packages.size).toBeGreaterThan(5); // the walk does reach the server's dependencies
    expect(packages.has('express')).toBe(true);
    const sdk = [...packages].filter(([p]) => p.startsWith('@modelcontextprotocol/')).map(([p, from]) => `${p} (from ${from})`);
    expect(sdk).toEqual([]);
  });

  it('answers the hot requests without the SDK: the fast path reaches no @modelcontextprotocol package', () => {
    const packages = reachedPackages('server/src/modules/mcp/fast.ts');
    expect(packages.has('zod')).toBe(true); // the walk reaches the tools and their schemas
    expect([...packages.keys()].filter((p) => p.startsWith('@modelcontextprotocol/'))).toEqual([]);
  });

  it('would notice a static import of the SDK (the mcp module still uses it, lazily)', () => {
    expect(staticImports(path.join(root, 'server/src/modules/mcp/server.ts'))).toContain('@modelcontextprotocol/server');
  });
});
