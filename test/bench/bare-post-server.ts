// The ingest baseline: a bare Express POST that parses the JSON body and answers a fixed acknowledgement.
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.post('/{*path}', express.json({ limit: '2mb' }), (req, res) => {
  res.json({ ok: true, duplicate: false, id: typeof req.body?.transId === 'number' ? '00000000-0000-0000-0000-000000000000' : null });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.stdout.write(`bare listening on ${process.env.PORT}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
