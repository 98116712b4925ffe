import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config.ts';
import { publicBaseUrl } from '../../server/src/http/public-url.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', demo: false, timeZone: 'Asia/Kolkata', jobs: true });
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseFile).toMatch(/data[/\\]muster\.sqlite$/);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      MUSTER_DATA_DIR: '/tmp/x',
      MUSTER_CONNECTOR_SECRET: 's'.repeat(30),
      MUSTER_DEMO: '1',
      MUSTER_ADMIN_EMAIL: 'Boss@Acme.example',
      MUSTER_ADMIN_PASSWORD: 'password-1',
      MUSTER_DEMO_PASSWORD: 'password-2',
      MUSTER_TIMEZONE: 'Europe/London',
    });
    expect(c).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/tmp/x', demo: true, adminEmail: 'boss@acme.example', timeZone: 'Europe/London' });
  });

  it('selects PostgreSQL with MUSTER_DATABASE_URL, the SQLite file without it, and refuses another URL without echoing it', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ MUSTER_DATABASE_URL: ' ' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ MUSTER_DATABASE_URL: 'postgres://muster:pw@db:5432/muster' }).databaseUrl).toBe('postgres://muster:pw@db:5432/muster');
    expect(loadConfig({ MUSTER_DATABASE_URL: 'postgresql://db/muster' }).databaseUrl).toBe('postgresql://db/muster');
    let message = '';
    try {
      loadConfig({ MUSTER_DATABASE_URL: 'mysql://root:hunter2@db/muster' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: MUSTER_DATABASE_URL: must be a PostgreSQL URL/);
    expect(message).not.toContain('hunter2');
  });

  it('turns LAN access on for any host but loopback, and reads the HTTPS variables', () => {
    expect(loadConfig({}).lanAccess).toBe(false);
    expect(loadConfig({ HOST: '::1' }).lanAccess).toBe(false);
    const c = loadConfig({
      HOST: '0.0.0.0',
      MUSTER_LAN_NAMES: ' muster.lan, 10.1.2.3 ,',
      MUSTER_PUBLIC_URL: 'https://muster.example.in/',
      MUSTER_TLS_CERT_FILE: '/etc/ssl/fullchain.pem',
      MUSTER_TLS_KEY_FILE: '/etc/ssl/privkey.pem',
    });
    expect(c).toMatchObject({ lanAccess: true, lanNames: ['muster.lan', '10.1.2.3'], publicUrl: 'https://muster.example.in', tlsCertFile: '/etc/ssl/fullchain.pem' });
    expect(() => loadConfig({ MUSTER_TLS_CERT_FILE: '/a.pem' })).toThrow('MUSTER_TLS_CERT_FILE and MUSTER_TLS_KEY_FILE must be set together');
    expect(() => loadConfig({ MUSTER_LAN_NAMES: 'bad_name' })).toThrow(/MUSTER_LAN_NAMES: must be host names or IP addresses/);
    expect(() => loadConfig({ MUSTER_PUBLIC_URL: 'ftp://x' })).toThrow(/MUSTER_PUBLIC_URL/);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', MUSTER_DEMO: ' ' }).port).toBe(8080);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: '],
    [{ PORT: '70000' }, 'PORT: must be 0..65535'],
    [{ MUSTER_TIMEZONE: 'Mars/Base' }, 'MUSTER_TIMEZONE: must be an IANA time zone'],
    [{ MUSTER_DEMO: 'maybe' }, 'MUSTER_DEMO: '],
    [{ MUSTER_CONNECTOR_SECRET: 'short' }, 'MUSTER_CONNECTOR_SECRET: must be at least 24 characters'],
    [{ MUSTER_ADMIN_EMAIL: 'nope', MUSTER_ADMIN_PASSWORD: 'long-enough-1' }, 'MUSTER_ADMIN_EMAIL: must be an email address'],
    [{ MUSTER_ADMIN_EMAIL: 'a@b.example', MUSTER_ADMIN_PASSWORD: 'short' }, 'MUSTER_ADMIN_PASSWORD: must be at least 8 characters'],
    [{ MUSTER_ADMIN_EMAIL: 'a@b.example' }, 'MUSTER_ADMIN_EMAIL and MUSTER_ADMIN_PASSWORD must be set together'],
    [{ MUSTER_LOG_LEVEL: 'loud' }, 'MUSTER_LOG_LEVEL: '],
  ])('refuses %o with one line naming the variable', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', MUSTER_TIMEZONE: 'y' })).toThrow(/PORT: .*; MUSTER_TIMEZONE: /);
  });
});

describe('publicBaseUrl', () => {
  const lan = { urls: () => ['https://192.168.1.23:8080/'] } as unknown as NonNullable<Parameters<typeof publicBaseUrl>[0]['lan']>;
  it('answers MUSTER_PUBLIC_URL, else the first HTTPS LAN address, else this PC', () => {
    expect(publicBaseUrl({ config: loadConfig({ MUSTER_PUBLIC_URL: 'https://muster.example.in' }), lan })).toBe('https://muster.example.in');
    expect(publicBaseUrl({ config: loadConfig({ HOST: '0.0.0.0' }), lan })).toBe('https://192.168.1.23:8080');
    expect(publicBaseUrl({ config: loadConfig({ PORT: '9000' }) })).toBe('http://127.0.0.1:9000');
  });
});
