import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Every GET that names an employee in its path, called by a plain employee
 * with a colleague's id: 403 or 404, never the colleague's data.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

async function idOf(email: string): Promise<string> {
  const row = await server.deps.db.selectFrom('employee').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

describe('an employee never reads another person\'s data', () => {
  it('through any employee-scoped GET in the API description', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
    const employeePaths = Object.entries(doc.paths)
      .filter(([path, item]) => /\/employees?\/\{id\}/.test(path) && item.get?.security?.some((s) => 'sessionCookie' in s))
      .map(([path]) => path);
    expect(employeePaths.length).toBeGreaterThan(5);
    const me = await server.login('employee@kaveri.example');
    const self = await idOf('employee@kaveri.example');
    const colleague = await idOf('hr@kaveri.example');
    const month = new Date().toISOString().slice(0, 7);
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const fill = (path: string, id: string) =>
      path
        .replace('{id}', id)
        .replace(/\{month\}/g, month)
        .replace(/\{date\}/g, day)
        .replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000');
    const leaks: string[] = [];
    for (const path of employeePaths) {
      const other = await me.get(fill(path, colleague));
      if (other.status !== 403 && other.status !== 404) leaks.push(`${path} → ${other.status}`);
      expect(other.text).not.toContain('Priya Sharma');
      // The same route on oneself is allowed or refused by permission, never 5xx.
      const mine = await me.get(fill(path, self));
      expect(mine.status, path).toBeLessThan(500);
    }
    expect(leaks).toEqual([]);
  });
});
