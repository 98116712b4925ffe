import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/src/clock.ts';
import { statementsRun } from '../../server/src/db/database.ts';
import { bodyEtag } from '../../server/src/http/etag.ts';
import { orderBlockCache, orderCache } from '../../server/src/modules/employees/caches.ts';
import type { Client } from '../support/client.ts';
import { type Instances, startInstances } from '../support/instances.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * A directory page not seen before is written from each person's kept row text (issue 18): only
 * the people whose text is not kept are read, so a new page of people seen on other pages runs one
 * statement (its ids), and a write to anyone drops every kept text, so the next page reads them
 * again and shows the change. From the second page asked of a filter (with its sort and direction), its
 * whole order is kept too, so a page of people seen before runs no statement. With several instances
 * (caches off) every page reads its rows.
 * Counted on the connection (`statementsRun`), outbox off; the clock is fixed so the month in the
 * answers' keys cannot turn between two requests.
 */

type Item = { id: string; code: string; fullName: string };

let server: TestServer;
let hr: Client;
beforeAll(async () => {
  // A lone server (MUSTER_INSTANCES=1): on PostgreSQL instances otherwise share the database with caches off, by design.
  server = await startServer({ outbox: false, clock: fixedClock('2026-11-25T10:00:00+05:30'), env: { MUSTER_INSTANCES: '1' } });
  hr = await server.login('hr@kaveri.example');
});
afterAll(async () => server?.close());

async function cost(client: Client, path: string): Promise<{ statements: number; items: Item[] }> {
  const before = statementsRun(server.deps.db);
  const res = await client.get(path);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return { statements: statementsRun(server.deps.db) - before, items: (res.body as { items: Item[] }).items };
}

describe('directory pages from kept row texts', () => {
  it('a new page of people seen before runs at most one statement and lists them as before', async () => {
    const all = (await cost(hr, '/api/employees?pageSize=30&sort=code')).items;
    expect(all.length).toBe(30);
    const page = await cost(hr, '/api/employees?pageSize=7&page=3&sort=code');
    expect(page.items).toEqual(all.slice(14, 21));
    expect(page.statements).toBe(1);
    // Not seen yet (past the first 30): their rows are read, in one statement; the ids are a slice of the
    // filter's order, kept since the page before (the second page asked of it).
    const further = await cost(hr, '/api/employees?pageSize=10&page=4&sort=code');
    expect(further.items.map((e) => e.id).some((id) => all.every((e) => e.id !== id))).toBe(true);
    expect(further.statements).toBe(1);
    // People seen before, on a page of a size not asked before: no statement at all.
    const seen = await cost(hr, '/api/employees?pageSize=9&page=2&sort=code');
    expect(seen.items).toEqual(all.slice(9, 18));
    expect(seen.statements).toBe(0);
  });

  it('after a change to one person, the next new page reads the rows again and shows it', async () => {
    const all = (await cost(hr, '/api/employees?pageSize=30&sort=code')).items;
    const target = all[16] as Item;
    const renamed = `${target.fullName.split(' ')[0]} Kept-Text Check`;
    const patched = await hr.patch(`/api/employees/${target.id}`, { fullName: renamed });
    expect(patched.status, patched.text).toBe(200);
    // The filter's counts are computed again after the write: done by a one-row page first, so the next page's count is its own.
    await cost(hr, '/api/employees?pageSize=1&sort=code');
    const page = await cost(hr, '/api/employees?pageSize=5&page=4&sort=code');
    expect(page.items.map((e) => e.id)).toEqual(all.slice(15, 20).map((e) => e.id));
    expect(page.items[1]?.fullName).toBe(renamed);
    // The filter's order is read again (the second page asked of it since the write), then the five rows.
    expect(page.statements).toBe(2);
    // Those five and the order are kept again: another page of them runs no statement.
    const again = await cost(hr, '/api/employees?pageSize=4&page=5&sort=code');
    expect(again.items.map((e) => e.fullName)).toEqual([renamed, ...all.slice(17, 20).map((e) => e.fullName)]);
    expect(again.statements).toBe(0);
  });

  it('a page written from kept row bytes is compact, valid JSON, names beyond ASCII included', async () => {
    const all = (await cost(hr, '/api/employees?pageSize=12&sort=code')).items;
    const target = all[5] as Item;
    const renamed = 'Zoë Ñandú 李 Raghavendra';
    expect((await hr.patch(`/api/employees/${target.id}`, { fullName: renamed })).status).toBe(200);
    for (const path of ['/api/employees?pageSize=12&sort=code', '/api/employees?pageSize=3&page=2&sort=code', '/api/employees?pageSize=1&page=6&sort=code']) {
      const res = await hr.get(path);
      expect(res.status).toBe(200);
      // The answer is exactly JSON.stringify of what it holds: no byte lost or added where the rows meet.
      expect(res.text).toBe(JSON.stringify(JSON.parse(res.text)));
      expect((res.body as { items: Item[] }).items.some((e) => e.fullName === renamed), path).toBe(true);
    }
  });

  it('a page written from kept rows has an ETag that answers 304 until a person on it changes', async () => {
    const path = '/api/employees?pageSize=6&page=2&sort=code';
    // As a browser revalidates (fetch alone would add Cache-Control: no-cache beside If-None-Match, which asks for the full answer).
    const ifNoneMatch = (tag: string) => ({ 'if-none-match': tag, 'cache-control': 'max-age=0' });
    const first = await hr.get(path);
    const tag = first.headers.get('etag') ?? '';
    // The app's weak ETag (http/etag.ts): the body's size in hex, then 16 hex digits of its xxHash64.
    expect(tag).toMatch(new RegExp(`^W/"${Buffer.byteLength(first.text).toString(16)}-[0-9a-f]{16}"$`));
    expect(tag).toBe(bodyEtag(Buffer.from(first.text)));
    expect((await hr.get(path, ifNoneMatch(tag))).status).toBe(304);
    // The same bytes written again (after a write to someone not on the page drops the kept page) get the same tag.
    const elsewhere = ((await hr.get('/api/employees?pageSize=1&sort=code&order=desc')).body as { items: Item[] }).items[0] as Item;
    expect((await hr.patch(`/api/employees/${elsewhere.id}`, { fullName: `${elsewhere.fullName.split(' ')[0]} Tag Elsewhere` })).status).toBe(200);
    const rejoined = await hr.get(path);
    expect(rejoined.text).toBe(first.text);
    expect(rejoined.headers.get('etag')).toBe(tag);
    // A person on the page changes: a full answer with another tag.
    const onPage = ((first.body as { items: Item[] }).items[3]) as Item;
    expect((await hr.patch(`/api/employees/${onPage.id}`, { fullName: `${onPage.fullName.split(' ')[0]} Tag Changed` })).status).toBe(200);
    const changed = await hr.get(path, ifNoneMatch(tag));
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect((await hr.get(path, ifNoneMatch(changed.headers.get('etag') ?? ''))).status).toBe(304);
    // Every other JSON answer gets the same kind of tag from Express itself (the app's `etag` setting).
    const person = await hr.get(`/api/employees/${onPage.id}`);
    expect(person.headers.get('etag')).toBe(bodyEtag(Buffer.from(person.text)));
    expect((await hr.get(`/api/employees/${onPage.id}`, ifNoneMatch(person.headers.get('etag') ?? ''))).status).toBe(304);
  });

  it('a filter asked once keeps no order; its second page keeps it', async () => {
    // A write to the directory drops what was kept; each filter below is new since.
    const someone = ((await cost(hr, '/api/employees?pageSize=1&sort=code')).items[0] as Item).id;
    expect((await hr.patch(`/api/employees/${someone}`, { fullName: 'Order Kept Check' })).status).toBe(200);
    const a = '/api/employees?sort=joinedDate&order=desc&q=a';
    const b = '/api/employees?sort=fullName&order=desc&q=e';
    await cost(hr, `${a}&pageSize=4&page=1`);
    await cost(hr, `${a}&pageSize=4&page=2`);
    expect(orderCache.size(server.deps.db)).toBe(1);
    // The first page of another filter runs only its own query: nothing more is kept.
    await cost(hr, `${b}&pageSize=4&page=1`);
    expect(orderCache.size(server.deps.db)).toBe(1);
    await cost(hr, `${b}&pageSize=4&page=2`);
    expect(orderCache.size(server.deps.db)).toBe(2);
  });

  it('a page cut from a kept order is the page its own query gives, for every sort, direction and a filter', async () => {
    const sorts = ['code', 'fullName', 'designation', 'department', 'location', 'manager', 'joinedDate', 'status', 'ctcAnnual'];
    for (const sort of sorts) {
      for (const order of ['asc', 'desc']) {
        for (const filter of ['', '&status=Active']) {
          const base = `/api/employees?sort=${sort}&order=${order}${filter}`;
          // The first page asked of this filter, sort and direction runs its own query (LIMIT/OFFSET).
          const own = await cost(hr, `${base}&pageSize=7&page=3`);
          // The second reads the whole order; this page and the next are slices of it.
          const wide = await cost(hr, `${base}&pageSize=21&page=1`);
          const next = await cost(hr, `${base}&pageSize=5&page=4`);
          expect(own.items.length, base).toBeGreaterThan(0);
          expect(wide.items.slice(14, 21), base).toEqual(own.items);
          expect(next.items, base).toEqual(wide.items.slice(15, 20));
          expect(next.statements, base).toBe(0);
        }
      }
    }
  });

  it('once all the people of a block of a kept order are kept, its pages are cut from the block: the same bytes, no statement', async () => {
    const text = async (path: string): Promise<{ statements: number; text: string }> => {
      const before = statementsRun(server.deps.db);
      const res = await hr.get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return { statements: statementsRun(server.deps.db) - before, text: res.text };
    };
    const base = '/api/employees?sort=code&order=desc';
    const first = JSON.parse((await text(`${base}&pageSize=1`)).text) as { items: Item[]; total: number };
    // The demo's 145 people: blocks of 128 positions, so positions 120..149 lie in two of them.
    expect(first.total).toBe(145);
    // A write drops everything kept: from here on this order is new.
    const someone = first.items[0] as Item;
    expect((await hr.patch(`/api/employees/${someone.id}`, { fullName: 'Block Start Check' })).status).toBe(200);
    // Written row by row: the filter's first page (its own query), then pages of the kept order whose blocks still
    // have people without a kept text.
    const across = await text(`${base}&pageSize=30&page=5`);
    const inside = await text(`${base}&pageSize=7&page=3`);
    await text(`${base}&pageSize=100&page=1`);
    await text(`${base}&pageSize=100&page=2`);
    expect(orderBlockCache.size(server.deps.db)).toBe(0);
    // Everyone's text is kept now. Asked again (the whole page is kept only from its second asking), each page is
    // cut from the blocks: the bytes written row by row, and no statement.
    const acrossAgain = await text(`${base}&pageSize=30&page=5`);
    expect(acrossAgain.text).toBe(across.text);
    expect(acrossAgain.statements).toBe(0);
    expect(orderBlockCache.size(server.deps.db)).toBe(2);
    const insideAgain = await text(`${base}&pageSize=7&page=3`);
    expect(insideAgain.text).toBe(inside.text);
    expect(insideAgain.statements).toBe(0);
    // The last page, shorter than its size, and a page past the end.
    const last = JSON.parse((await text(`${base}&pageSize=40&page=4`)).text) as { items: Item[] };
    const wide = JSON.parse(across.text) as { items: Item[] };
    expect(last.items.map((e) => e.id)).toEqual(wide.items.slice(0, 25).map((e) => e.id));
    // Pages past the end: beyond the last block, and within it (positions 200.. of 145, block 128..).
    for (const past of [`${base}&pageSize=40&page=9`, `${base}&pageSize=100&page=3`]) {
      expect((JSON.parse((await text(past)).text) as { items: Item[] }).items, past).toEqual([]);
    }

    // A change to someone on a block's pages drops the blocks: the next pages show it, from new blocks.
    const target = wide.items[10] as Item;
    const renamed = `${target.fullName.split(' ')[0]} Block Check`;
    expect((await hr.patch(`/api/employees/${target.id}`, { fullName: renamed })).status).toBe(200);
    await text(`${base}&pageSize=100&page=1`);
    await text(`${base}&pageSize=100&page=2`);
    expect(orderBlockCache.size(server.deps.db)).toBe(0);
    const changed = await text(`${base}&pageSize=29&page=5`);
    expect(changed.statements).toBe(0);
    expect(orderBlockCache.size(server.deps.db)).toBe(2);
    const items = (JSON.parse(changed.text) as { items: Item[] }).items;
    expect(items.find((e) => e.id === target.id)?.fullName).toBe(renamed);
    // Positions 116..144: the code order does not move with a name.
    expect(items.slice(4).map((e) => e.id)).toEqual(wide.items.map((e) => e.id));
  });

  it('a reader without salaries gets the texts of their own view', async () => {
    const manager = await server.login('manager@kaveri.example');
    const mine = (await manager.get('/api/employees?pageSize=10&sort=code')).body as { items: Record<string, unknown>[] };
    const hrView = (await hr.get('/api/employees?pageSize=100&sort=code')).body as { items: Record<string, unknown>[] };
    expect(mine.items.length).toBeGreaterThan(0);
    let both = 0;
    for (const item of mine.items) {
      expect(item).not.toHaveProperty('ctcAnnual');
      const seenByHr = hrView.items.find((h) => h.id === item.id);
      if (!seenByHr) continue;
      both++;
      expect(seenByHr).toHaveProperty('ctcAnnual');
    }
    expect(both).toBeGreaterThan(0);
  });
});

describe('several instances', () => {
  let two: Instances;
  beforeAll(async () => {
    two = await startInstances(2);
  });
  afterAll(async () => two?.close());

  it('a change written on A is on the next new page of B, of people B listed before', async () => {
    const [a, b] = two.servers as [TestServer, TestServer];
    const hrA = await a.login('hr@kaveri.example');
    const hrB = await b.login('hr@kaveri.example');
    const all = (await hrB.get('/api/employees?pageSize=30&sort=code')).body.items as Item[];
    const target = all[10] as Item;
    const renamed = `${target.fullName.split(' ')[0]} Other-Instance`;
    expect((await hrA.patch(`/api/employees/${target.id}`, { fullName: renamed })).status).toBe(200);
    const page = (await hrB.get('/api/employees?pageSize=4&page=3&sort=code')).body.items as Item[];
    expect(page.map((e) => e.id)).toEqual(all.slice(8, 12).map((e) => e.id));
    expect(page[2]?.fullName).toBe(renamed);
  });
});
