import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Express } from 'express';

const require = createRequire(import.meta.url);

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Muster API reference</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
  <style>body { margin: 0; } .topbar { display: none; }</style>
</head>
<body>
  <div id="reference"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;

// Kept out of the page so the Content-Security-Policy can forbid inline scripts.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
});
`;

/** `/api/openapi.json` and a readable reference at `/api/docs` (Swagger UI, served locally). */
export function docsRoutes(app: Express, document: object): void {
  const json = JSON.stringify(document);
  app.get('/api/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
  const assets = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  app.use('/api/docs/assets', express.static(assets, { maxAge: '1d', index: false }));
  app.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  app.get(['/api/docs', '/api/docs/'], (_req, res) => {
    res.type('html').send(PAGE);
  });
}
