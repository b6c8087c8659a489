// The baseline of `npm run bench:serve`: a bare node:http server (run as its own process by the bench,
// with the same Node) that answers with bytes held in memory, nothing else. The bench sends it the
// answers over IPC — `{ routes: [{ url, plain, br? }] }`, each answer `{ status, type, encoding?, body }`
// copied from our server — and gets `{ port }` back. A route's url is a path and query as requested, or
// `<path>?*` for any query of that path (the cold page, a new search each time).
import { createServer } from 'node:http';

const routes = new Map();

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const route = routes.get(url) ?? (queryAt === -1 ? undefined : routes.get(`${url.slice(0, queryAt)}?*`));
  if (!route) {
    res.writeHead(404, { 'Content-Length': '0' }).end();
    return;
  }
  const wantsBr = route.br !== undefined && (req.headers['accept-encoding'] ?? '').includes('br');
  const answer = wantsBr ? route.br : route.plain;
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
// As our server: keep-alive connections stay open across the whole run.
server.keepAliveTimeout = 65_000;

process.once('message', ({ routes: list }) => {
  for (const { url, plain, br } of list) routes.set(url, { plain: prepare(plain), br: br && prepare(br) });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
process.on('disconnect', () => process.exit(0));

/** Headers made once: the type, the length and, for compressed bytes, their encoding. */
function prepare({ status, type, encoding, body }) {
  const bytes = Buffer.from(body);
  const headers = { 'Content-Type': type, 'Content-Length': String(bytes.length) };
  if (encoding) headers['Content-Encoding'] = encoding;
  return { status, headers, body: bytes };
}
