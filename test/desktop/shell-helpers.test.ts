import type { NetworkInterfaceInfo } from 'node:os';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { IpcChannels, NotificationRequest } from '../../desktop/main/ipc-channels.ts';
import { lanUrls, serverHost } from '../../desktop/main/lan-access.ts';
import { escapeHtml, statusPageUrl } from '../../desktop/main/status-page.ts';
import { trayMenuTemplate } from '../../desktop/main/tray-menu.ts';
import { httpUrl, reachableHost } from '../../desktop/main/urls.ts';
import { decideLink, isSameOrigin } from '../../desktop/main/window-policy.ts';

const ORIGIN = 'http://127.0.0.1:8080';

describe('urls', () => {
  it('reaches wildcard binds over loopback and brackets IPv6', () => {
    expect(reachableHost('0.0.0.0')).toBe('127.0.0.1');
    expect(reachableHost('::')).toBe('::1');
    expect(reachableHost('192.168.1.20')).toBe('192.168.1.20');
    expect(httpUrl('::1', 8080, '/api/health')).toBe('http://[::1]:8080/api/health');
    expect(httpUrl('[::1]', 8080)).toBe('http://[::1]:8080/');
  });
});

describe('LAN access', () => {
  it('maps the toggle to the server HOST', () => {
    expect(serverHost(true)).toBe('0.0.0.0');
    expect(serverHost(false)).toBe('127.0.0.1');
  });

  it('lists one URL per external IPv4 address', () => {
    const nic = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
      ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
    const interfaces = {
      lo: [nic('127.0.0.1', 'IPv4', true)],
      eth0: [nic('192.168.1.20', 'IPv4', false), nic('fe80::1', 'IPv6', false)],
      wlan0: [nic('10.0.0.5', 'IPv4', false)],
      down: undefined,
    };
    expect(lanUrls(interfaces, 8080)).toEqual(['https://192.168.1.20:8080/', 'https://10.0.0.5:8080/']);
  });
});

describe('window policy', () => {
  it('trusts only the console origin', () => {
    expect(isSameOrigin(`${ORIGIN}/employees`, ORIGIN)).toBe(true);
    expect(isSameOrigin('http://127.0.0.1:9999/', ORIGIN)).toBe(false);
    expect(isSameOrigin('http://localhost:8080/', ORIGIN)).toBe(false);
    expect(isSameOrigin('data:text/html,hi', ORIGIN)).toBe(false);
    expect(isSameOrigin(undefined, ORIGIN)).toBe(false);
    expect(isSameOrigin('not a url', ORIGIN)).toBe(false);
  });

  it('keeps console links in the app, hands web and mail links to the OS, refuses the rest', () => {
    expect(decideLink(`${ORIGIN}/api/exports/x.pdf`, ORIGIN)).toBe('allow');
    expect(decideLink('https://example.com/help', ORIGIN)).toBe('open-external');
    expect(decideLink('mailto:hr@example.com', ORIGIN)).toBe('open-external');
    expect(decideLink('file:///etc/passwd', ORIGIN)).toBe('deny');
    expect(decideLink('javascript:alert(1)', ORIGIN)).toBe('deny');
  });
});

describe('IPC contract', () => {
  it('has distinct, prefixed channel names', () => {
    const names = Object.values(IpcChannels);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^muster:/);
  });

  it('validates notification requests', () => {
    expect(NotificationRequest.parse({ title: ' Saved ', body: 'ok' })).toEqual({ title: 'Saved', body: 'ok' });
    expect(NotificationRequest.safeParse({ title: '', body: '' }).success).toBe(false);
    expect(NotificationRequest.safeParse({ title: 'x'.repeat(121), body: '' }).success).toBe(false);
    expect(NotificationRequest.safeParse('Saved').success).toBe(false);
  });
});

describe('status page', () => {
  it('escapes what it shows', () => {
    expect(escapeHtml(`<b a="1">'&'</b>`)).toBe('&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;');
    const url = statusPageUrl({ title: 'Muster could not start', detail: '<script>alert(1)</script>' });
    const html = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('shows a spinner only while busy', () => {
    const decode = (u: string) => decodeURIComponent(u);
    expect(decode(statusPageUrl({ title: 'Starting', detail: '', busy: true }))).toContain('class="spinner"');
    expect(decode(statusPageUrl({ title: 'Stopped', detail: '' }))).not.toContain('class="spinner"');
  });
});

describe('tray menu', () => {
  const actions = {
    openWindow: vi.fn(),
    openInBrowser: vi.fn(),
    setLanAccess: vi.fn(),
    openLanPage: vi.fn(),
    openDataFolder: vi.fn(),
    quit: vi.fn(),
  };
  const click = (item: MenuItemConstructorOptions | undefined, checked = false) =>
    item?.click?.({ checked } as never, undefined as never, {} as never);

  it('lists the shell tasks with the LAN checkbox reflecting the setting', () => {
    const template = trayMenuTemplate({ lanAccess: true, status: 'Muster is running' }, actions);
    expect(template.filter((i) => i.label).map((i) => i.label)).toEqual([
      'Muster is running',
      'Open Muster',
      'Open in browser',
      'Allow LAN access',
      'Devices on the LAN…',
      'Open data folder',
      'Quit Muster',
    ]);
    const lan = template.find((i) => i.label === 'Allow LAN access');
    expect(lan).toMatchObject({ type: 'checkbox', checked: true });
  });

  it('wires each item to its action; the checkbox passes its new state', () => {
    const template = trayMenuTemplate({ lanAccess: false, status: 'x' }, actions);
    const byLabel = (label: string) => template.find((i) => i.label === label);
    click(byLabel('Allow LAN access'), true);
    expect(actions.setLanAccess).toHaveBeenCalledWith(true);
    click(byLabel('Open Muster'));
    click(byLabel('Open in browser'));
    click(byLabel('Open data folder'));
    click(byLabel('Devices on the LAN…'));
    click(byLabel('Quit Muster'));
    expect(actions.openLanPage).toHaveBeenCalledOnce();
    expect(actions.openWindow).toHaveBeenCalledOnce();
    expect(actions.openInBrowser).toHaveBeenCalledOnce();
    expect(actions.openDataFolder).toHaveBeenCalledOnce();
    expect(actions.quit).toHaveBeenCalledOnce();
  });
});
