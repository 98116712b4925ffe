// The baseline: a bare Express handler answering fixed bytes from memory.
// With BODY_DIR and BODY_BY_QUERY, the body is the file in BODY_DIR named after that query
// parameter's value (the bare answer for `?pageSize=73` is as big as Muster's for 73 rows).
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';

const body = process.env.BODY_FILE ? fs.readFileSync(process.env.BODY_FILE) : Buffer.alloc(0);
const byQuery = process.env.BODY_BY_QUERY;
const bodies = new Map<string, Buffer>();
if (process.env.BODY_DIR) for (const name of fs.readdirSync(process.env.BODY_DIR)) bodies.set(name, fs.readFileSync(path.join(process.env.BODY_DIR, name)));
const type = process.env.CONTENT_TYPE ?? 'application/json';
const app = express();
app.disable('x-powered-by');
app.set('query parser', 'simple');
app.get('/{*path}', (req, res) => {
  const value = byQuery ? req.query[byQuery] : undefined;
  res.type(type).send(typeof value === 'string' ? (bodies.get(value) ?? body) : body);
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.stdout.write(`bare listening on ${process.env.PORT}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
