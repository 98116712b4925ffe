// The download baseline: bare Express answering a file from disk with res.sendFile.
import express from 'express';

const file = process.env.BODY_FILE ?? '';
const app = express();
app.disable('x-powered-by');
app.get('/{*path}', (_req, res) => {
  res.sendFile(file, { headers: { 'Content-Type': 'application/pdf' } });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.stdout.write(`bare listening on ${process.env.PORT}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
