import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, expect, mainNav, signIn, test } from './fixtures.ts';

/**
 * The Terminals page: a push terminal is added with the port the connector
 * listens on; a terminal user id with letters, reported by the connector, is
 * mapped to a number and the connector's configuration carries the map.
 */

test('an admin adds a push terminal with its port and maps a non-numeric terminal user id', async ({ page, musterServer }) => {
  const secret = (JSON.parse(fs.readFileSync(path.join(musterServer.dataDir, 'secrets.json'), 'utf8')) as { connectorSecret: string }).connectorSecret;
  const connector = { authorization: `Bearer ${secret}` };
  await signIn(page, ADMIN.email, ADMIN.password);
  await mainNav(page).getByRole('link', { name: 'Terminals' }).click();
  await expect(page).toHaveURL(/\/terminals$/);

  await page.getByRole('button', { name: 'Add terminal' }).click();
  const form = page.getByRole('dialog', { name: 'Add a terminal' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Canteen FK');
  await form.getByRole('combobox', { name: 'Protocol' }).click();
  await page.getByRole('option', { name: 'FK log-server push' }).click();
  await form.getByRole('textbox', { name: 'Serial number' }).fill('E2E-FK-CANTEEN');
  const port = form.getByRole('textbox', { name: 'Port the connector listens on' });
  await port.fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('is required for a push terminal: the port the connector listens on')).toBeVisible();
  await port.fill('17005');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('terminal-row').filter({ hasText: 'Canteen FK' });
  await expect(row).toContainText('listens on *:17005');
  const config = await page.request.get('/api/ingest/biometric/config', { headers: connector });
  const listed = ((await config.json()) as { terminals: { serial: string | null; port: number | null; id: string }[] }).terminals.find((t) => t.serial === 'E2E-FK-CANTEEN');
  expect(listed?.port).toBe(17005);

  // The connector reports an id it cannot send as a number.
  const keepAlive = await page.request.post('/api/ingest/biometric/keepalive', {
    headers: connector,
    data: { serial: 'E2E-FK-CANTEEN', terminalType: 'fk', registryId: listed?.id, unmappedUserIds: [{ userId: 'A12', records: 3 }] },
  });
  expect(keepAlive.status()).toBe(200);
  await page.reload();
  await expect(row.getByTestId('unmapped-ids-badge')).toHaveText('1 id to map');
  await page.getByRole('tab', { name: 'Unmatched & mappings' }).click();
  const raw = page.getByTestId('raw-user-row').filter({ hasText: 'A12' });
  await expect(raw).toContainText('Canteen FK');
  await expect(raw).toContainText('not mapped');
  await raw.getByRole('button', { name: 'Map to number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Map terminal user "A12"' });
  await dialog.getByRole('textbox', { name: 'Terminal user number' }).fill('4012');
  await dialog.getByRole('button', { name: 'Map to number' }).click();
  await expect(dialog).toBeHidden();
  await expect(raw).toContainText('4012');
  await expect(raw.getByRole('button', { name: 'Map to number' })).toHaveCount(0);
  const after = await page.request.get('/api/ingest/biometric/config', { headers: connector });
  const mapped = ((await after.json()) as { terminals: { serial: string | null; userIdMap: Record<string, number> }[] }).terminals.find((t) => t.serial === 'E2E-FK-CANTEEN');
  expect(mapped?.userIdMap).toEqual({ A12: 4012 });
});
