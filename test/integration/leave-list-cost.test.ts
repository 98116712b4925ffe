import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsRun } from '../../server/src/db/database.ts';
import type { Client } from '../support/client.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * What one leave list request costs in statements (issue 18): an uncached
 * page at most 8 whatever the page size, the caller or the organisation's
 * size (the reporting line and the "who else is away" context are joins and
 * per-date counts, not per-record work); a page answered from the cache none
 * at all (the lookup comes before any statement). Counted on the connection
 * (`statementsRun`), with the outbox worker off so nothing else runs.
 */

let server: TestServer;
const callers: Record<string, Client> = {};

beforeAll(async () => {
  // A lone server (MUSTER_INSTANCES=1): on PostgreSQL instances otherwise share the database with caches off, by design.
  server = await startServer({ outbox: false, env: { MUSTER_INSTANCES: '1' } });
  for (const who of ['admin', 'hr', 'md', 'manager', 'employee']) callers[who] = await server.login(`${who}@kaveri.example`);
});
afterAll(async () => server.close());

async function cost(client: Client, path: string): Promise<{ statements: number; status: number; items: number }> {
  const before = statementsRun(server.deps.db);
  const res = await client.get(path);
  return { statements: statementsRun(server.deps.db) - before, status: res.status, items: (res.body as { items?: unknown[] }).items?.length ?? 0 };
}

describe('leave list cost in statements', () => {
  it('is at most 8 for an uncached page and 0 for a cached one, for every kind of caller and filter', async () => {
    const queries = ['?page=1&pageSize=50', '?page=2&pageSize=100&sort=fromDate&order=asc', '?toApprove=true', '?mine=true', '?status=PendingManager', '?status=Approved&pageSize=100'];
    let pagesWithRecords = 0;
    for (const [who, client] of Object.entries(callers)) {
      // The session and the organisation's settings are cached after the first request of a caller.
      await client.get('/api/leave/types');
      for (const q of queries) {
        const first = await cost(client, `/api/leave/requests${q}`);
        expect(first.status, `${who} ${q}`).toBe(200);
        expect(first.statements, `${who} ${q} uncached`).toBeLessThanOrEqual(8);
        expect(first.statements, `${who} ${q} uncached`).toBeGreaterThan(0);
        if (first.items > 20) pagesWithRecords++;
        const again = await cost(client, `/api/leave/requests${q}`);
        expect(again.statements, `${who} ${q} cached`).toBe(0);
      }
    }
    expect(pagesWithRecords).toBeGreaterThan(3);
  });

  it('counts a filter once across its pages: another page of the same list reads only its records', async () => {
    const hr = callers.hr as Client;
    const first = await cost(hr, '/api/leave/requests?status=Approved&from=2001-01-01&page=1&pageSize=20');
    const next = await cost(hr, '/api/leave/requests?status=Approved&from=2001-01-01&page=2&pageSize=20');
    expect(next.items).toBe(20);
    expect(next.statements).toBeLessThan(first.statements);
    expect(next.statements).toBeLessThanOrEqual(6);
  });

  it('recomputes after a change, still within the budget', async () => {
    const hr = callers.hr as Client;
    await hr.get('/api/leave/requests?page=1&pageSize=50');
    const employee = await server.deps.db.selectFrom('employee').select('id').where('email', '=', 'employee@kaveri.example').executeTakeFirstOrThrow();
    expect((await hr.patch(`/api/employees/${employee.id}`, { phone: '+91 90000 22222' })).status).toBe(200);
    // The session check reads employee too: warm it again, so what is counted is the list's own work.
    await hr.get('/api/leave/types');
    const after = await cost(hr, '/api/leave/requests?page=1&pageSize=50');
    expect(after.statements).toBeGreaterThan(0);
    expect(after.statements).toBeLessThanOrEqual(8);
  });

  it('presents only the records not shown before for a new page size, the same bytes, and none older than a change', async () => {
    const hr = callers.hr as Client;
    const admin = callers.admin as Client;
    const cold = await cost(hr, '/api/leave/requests?status=Approved&page=1&pageSize=30');
    expect(cold.items).toBe(30);
    // 30 of the 31 records were presented a moment ago: the page reads its ids and presents the 31st alone.
    const res = await hr.get('/api/leave/requests?status=Approved&page=1&pageSize=31');
    const before = statementsRun(server.deps.db);
    const assembled = await hr.get('/api/leave/requests?status=Approved&page=1&pageSize=31&order=desc');
    expect(statementsRun(server.deps.db) - before).toBeLessThan(cold.statements);
    expect(assembled.text).toBe(res.text);
    // A write to a table the records read (a new department) starts every record again: the same bytes, computed afresh.
    expect((await admin.post('/api/departments', { name: `Records ${Date.now()}` })).status).toBe(200);
    const fresh = await hr.get('/api/leave/requests?status=Approved&page=1&pageSize=31&order=desc');
    expect(fresh.text).toBe(assembled.text);
    // Renaming an applicant shows the new name at once, whatever page size asks.
    const first = (res.body as { items: { employeeId: string; employeeName: string }[] }).items[0] as { employeeId: string; employeeName: string };
    const renamed = `${first.employeeName} Renamed`;
    expect((await hr.patch(`/api/employees/${first.employeeId}`, { fullName: renamed })).status).toBe(200);
    const after = await hr.get('/api/leave/requests?status=Approved&page=1&pageSize=32');
    expect((after.body as { items: { employeeName: string }[] }).items[0]?.employeeName).toBe(renamed);
    expect((await hr.patch(`/api/employees/${first.employeeId}`, { fullName: first.employeeName })).status).toBe(200);
  });

  it('shows a balance change at once on records of people whose ledger another page read', async () => {
    const hr = callers.hr as Client;
    type Item = { id: string; employeeId: string; leaveTypeId: string; balanceAfter: number; status: string };
    // Open requests: their balanceAfter comes from the ledger facts kept per employee for the leave year.
    const open = ((await hr.get('/api/leave/requests?status=PendingManager&pageSize=10')).body as { items: Item[] }).items;
    const first = open[0] as Item;
    expect(first).toBeDefined();
    const adjusted = await hr.post('/api/leave/adjustments', { employeeId: first.employeeId, leaveTypeId: first.leaveTypeId, days: 1, reason: 'Issue 18: the kept ledger facts must not hide this' });
    expect(adjusted.status).toBe(200);
    // Another query (not a cached answer) of the same request: its balance is one day more.
    const again = ((await hr.get('/api/leave/requests?status=PendingManager&pageSize=11')).body as { items: Item[] }).items.find((i) => i.id === first.id);
    expect(again?.balanceAfter).toBe(first.balanceAfter + 1);
    expect((await hr.post('/api/leave/adjustments', { employeeId: first.employeeId, leaveTypeId: first.leaveTypeId, days: -1, reason: 'Back as it was' })).status).toBe(200);
  });
});
