import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestSmtp } from '../support/smtp.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * The outbox bench's outside world in a process of its own: the webhook receiver and the SMTP
 * server an integrator and a mail host would run elsewhere. In the bench's process they would
 * answer on the same event loop that times the approvals, and every webhook they took would be
 * counted as approval time. `GET /` on the stats port says what arrived.
 */
const receiver = new WebhookReceiver();
await receiver.start();
const smtp = new TestSmtp();
await smtp.start();
let seen = 0;
let approvals = 0;
const stats = http.createServer((_req, res) => {
  for (; seen < receiver.received.length; seen++) {
    if ((JSON.parse(receiver.received[seen]!.body) as { type?: string }).type === 'leave.request.approved') approvals++;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ approvals, mails: smtp.mails.length }));
});
await new Promise<void>((resolve) => stats.listen(0, '127.0.0.1', () => resolve()));
process.stdout.write(`receivers ready ${JSON.stringify({ receiver: receiver.url, smtpPort: smtp.port, stats: (stats.address() as AddressInfo).port })}\n`);
