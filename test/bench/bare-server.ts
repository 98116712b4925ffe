// The baseline: a bare Express handler answering fixed bytes from memory.
import fs from 'node:fs';
import express from 'express';

const body = fs.readFileSync(process.env.BODY_FILE ?? '');
const type = process.env.CONTENT_TYPE ?? 'application/json';
const app = express();
app.disable('x-powered-by');
app.get('/{*path}', (_req, res) => {
  res.type(type).send(body);
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.stdout.write(`bare listening on ${process.env.PORT}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
