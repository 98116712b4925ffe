/**
 * `connector status` and the connector's operator actions, talking to the
 * running connector's local endpoint (found through <data dir>/status.json).
 *
 *   npm run connector:status [-- --json]
 *   tsx connector/src/cli.ts set-clock <terminal id or serial>
 *   tsx connector/src/cli.ts retry-dead-letters
 *   tsx connector/src/cli.ts dead-letters
 *   tsx connector/src/cli.ts adms-command <serial> <INFO | CHECK | LOG | DATA QUERY …>
 *   tsx connector/src/cli.ts adms-commands <serial>
 *   tsx connector/src/cli.ts decode --protocol zk|anviz|fk|adms FILE
 *   tsx connector/src/cli.ts pair --server https://<Muster PC>:<port> --code ABCDE-FGHJK
 */
import fs from 'node:fs';
import { EXIT_CONFIG_ERROR } from '../../shared/process.ts';
import { ConfigError, loadConnectorConfig } from './config.ts';
import { decodeCommand } from './decode/index.ts';
import { pairCommand } from './pairing.ts';
import type { ConnectorStatus } from './connector.ts';
import { statusFilePath, type StatusFile } from './status-server.ts';

const USAGE = 'usage: connector status [--json] | set-clock <terminal id or serial> | retry-dead-letters | dead-letters | adms-command <serial> <command> | adms-commands <serial> | decode --protocol zk|anviz|fk|adms FILE | pair --server URL --code CODE';

function ago(iso: string | null, now: number): string {
  if (!iso) return 'never';
  const s = Math.round((now - Date.parse(iso)) / 1000);
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.round(s / 60)}m ago`;
  return `${Math.round(s / 3600)}h ago`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

/** The human-readable status: terminals, last read, backlog, dead letters, errors. */
export function formatStatus(s: ConnectorStatus, now = Date.now()): string {
  const lines = [
    `Connector pid ${s.connector.pid}, up since ${s.connector.startedAt}, server ${s.connector.serverUrl}`,
    `Terminal list: ${s.connector.config.source}${s.connector.config.loadedAt ? ` (${ago(s.connector.config.loadedAt, now)})` : ''}${s.connector.config.lastError ? `; last error: ${s.connector.config.lastError}` : ''}`,
    `Sending: ${s.sender.status}; backlog ${s.totals.backlog}, sent ${s.totals.sent}, dead letters ${s.totals.deadLetters}${s.sender.lastError ? `; last error: ${s.sender.lastError}` : ''}`,
    '',
  ];
  if (s.terminals.length === 0) lines.push('No terminals.');
  else {
    lines.push(
      table([
        ['TERMINAL', 'PROTOCOL', 'SERIAL', 'STATE', 'LAST READ', 'SKEW', 'BACKLOG', 'DEAD', 'ERROR'],
        ...s.terminals.map((t) => [
          t.name,
          t.protocol,
          t.serial ?? '?',
          t.state,
          ago(t.lastReadAt, now),
          t.clockSkewSeconds === null ? '?' : `${t.clockSkewSeconds}s`,
          String(t.backlog),
          String(t.deadLetters),
          t.lastError ?? '',
        ]),
      ]),
    );
  }
  if (s.alerts.length) {
    lines.push('', 'Recent alerts:');
    for (const a of s.alerts.slice(0, 10)) lines.push(`  ${a.at} ${a.kind}: ${a.message}`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  // Reads a capture file; needs no running connector.
  if (argv[0] === 'decode') return decodeCommand(argv.slice(1));
  let config: ReturnType<typeof loadConnectorConfig>;
  try {
    config = loadConnectorConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return EXIT_CONFIG_ERROR;
  }
  const dataDir = config.dataDir;
  const [command = 'status', ...args] = argv;
  // Talks to the server, not to a running connector.
  if (command === 'pair') return pairCommand(args, config);
  let file: StatusFile;
  try {
    file = JSON.parse(fs.readFileSync(statusFilePath(dataDir), 'utf8')) as StatusFile;
  } catch {
    console.error(`The connector is not running (no ${statusFilePath(dataDir)}).`);
    return 1;
  }
  const call = async (method: 'GET' | 'POST', path: string) => {
    try {
      const res = await fetch(`${file.url}${path}`, { method, headers: { authorization: `Bearer ${file.token}` }, signal: AbortSignal.timeout(30_000) });
      return { status: res.status, body: (await res.json()) as unknown };
    } catch {
      console.error(`The connector (pid ${file.pid}) does not answer at ${file.url}; it may have stopped.`);
      return undefined;
    }
  };
  switch (command) {
    case 'status': {
      const res = await call('GET', '/status');
      if (!res) return 1;
      console.log(args.includes('--json') ? JSON.stringify(res.body, null, 2) : formatStatus(res.body as ConnectorStatus));
      return 0;
    }
    case 'dead-letters': {
      const res = await call('GET', '/dead-letters');
      if (!res) return 1;
      console.log(JSON.stringify(res.body, null, 2));
      return 0;
    }
    case 'set-clock': {
      if (!args[0]) {
        console.error(USAGE);
        return 2;
      }
      const res = await call('POST', `/terminals/${encodeURIComponent(args[0])}/set-clock`);
      if (!res) return 1;
      console.log(JSON.stringify(res.body, null, 2));
      return res.status === 200 ? 0 : 1;
    }
    case 'adms-command': {
      if (!args[0] || !args[1]) {
        console.error(USAGE);
        return 2;
      }
      const res = await call('POST', `/adms/${encodeURIComponent(args[0])}/commands?command=${encodeURIComponent(args.slice(1).join(' '))}`);
      if (!res) return 1;
      console.log(JSON.stringify(res.body));
      return res.status === 200 ? 0 : 1;
    }
    case 'adms-commands': {
      if (!args[0]) {
        console.error(USAGE);
        return 2;
      }
      const res = await call('GET', `/adms/${encodeURIComponent(args[0])}/commands`);
      if (!res) return 1;
      console.log(JSON.stringify(res.body, null, 2));
      return 0;
    }
    case 'retry-dead-letters': {
      const res = await call('POST', '/dead-letters/retry');
      if (!res) return 1;
      console.log(JSON.stringify(res.body));
      return res.status === 200 ? 0 : 1;
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('connector/src/cli.ts')) {
  process.exitCode = await main(process.argv.slice(2));
}
