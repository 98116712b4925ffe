import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server for tests (smtp-server), keeping every message parsed (mailparser). */
export class TestSmtp {
  readonly mails: (ParsedMail & { envelopeTo: string[]; authUser: string | undefined })[] = [];
  readonly logins: { user: string; pass: string }[] = [];
  port = 0;
  private server: SMTPServer;

  constructor(readonly credentials = { user: 'muster', pass: 'smtp-secret-1' }) {
    this.server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: false,
      logger: false,
      onAuth: (auth, _session, cb) => {
        this.logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
        if (auth.username === this.credentials.user && auth.password === this.credentials.pass) cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onData: (stream, session, cb) => {
        simpleParser(stream)
          .then((mail) => {
            this.mails.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address), authUser: session.user as string | undefined }));
            cb();
          })
          .catch((err: Error) => cb(err));
      },
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for a message matching `pred`. */
  async waitFor(pred: (m: ParsedMail & { envelopeTo: string[] }) => boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(pred);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such e-mail; got: ${this.mails.map((m) => `${m.envelopeTo.join(',')}: ${m.subject}`).join(' | ') || 'nothing'}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
