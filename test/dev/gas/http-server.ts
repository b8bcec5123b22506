/**
 * A tiny HTTP server in a CHILD PROCESS for dev/gas tests: the test's own thread blocks in
 * Atomics.wait during synchronous UrlFetchApp calls, so an in-process server could never answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const SERVER = String.raw`
const http = require('node:http');
const hits = new Map();
// /meet: requests of a group held until n of them are in flight at once; the most of a group ever in flight.
const groups = new Map();
const groupOf = (name) => {
  if (!groups.has(name)) groups.set(name, { inFlight: 0, peak: 0, waiting: [] });
  return groups.get(name);
};
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const path = url.pathname;
  hits.set(path, (hits.get(path) || 0) + 1);
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (path === '/ok') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-cache': 'HIT', 'set-cookie': ['a=1', 'b=2'] });
      res.end(JSON.stringify({ ok: true, q: url.searchParams.get('q') }));
    } else if (path === '/slow') {
      const ms = Number(url.searchParams.get('ms') || 300);
      setTimeout(() => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('slow ' + ms); }, ms);
    } else if (path.startsWith('/status/')) {
      const code = Number(path.slice(8));
      res.writeHead(code, { 'content-type': 'application/json', 'retry-after': '7' });
      res.end(url.searchParams.get('body') || JSON.stringify({ error: 'status ' + code, detail: 'x'.repeat(200) }));
    } else if (path === '/meet') {
      // Answers once n requests of the group are in flight together (all of them then), or after ms with
      // how many there were: "n at once" is a count in the answer, not a time. A request is in flight
      // from its arrival to its answer.
      const group = groupOf(url.searchParams.get('group') || '');
      const n = Number(url.searchParams.get('n') || 2);
      group.inFlight++;
      group.peak = Math.max(group.peak, group.inFlight);
      let timer;
      const answer = (count) => {
        clearTimeout(timer);
        group.inFlight--;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(String(count));
      };
      group.waiting.push(answer);
      timer = setTimeout(() => {
        group.waiting = group.waiting.filter((w) => w !== answer);
        answer(group.inFlight);
      }, Number(url.searchParams.get('ms') || 20000));
      if (group.inFlight >= n) {
        const count = group.inFlight;
        for (const waiter of group.waiting.splice(0)) waiter(count);
      }
    } else if (path === '/peak') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(String(groupOf(url.searchParams.get('group') || '').peak));
    } else if (path === '/hang') {
      // never answers
    } else if (path === '/reset') {
      req.socket.destroy();
    } else if (path === '/echo') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, headers: req.headers, body: body.toString('utf8'), bodyLength: body.length }));
    } else if (path === '/bytes') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
    } else if (path === '/big') {
      const n = Number(url.searchParams.get('bytes') || 1024);
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(n, 7));
    } else if (path === '/redirect') {
      res.writeHead(302, { location: '/ok?q=redirected' });
      res.end();
    } else if (path === '/hits') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(Object.fromEntries(hits)));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no route ' + path);
    }
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write('PORT ' + server.address().port + '\n'));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

export interface TestServer {
  port: number;
  base: string;
  close(): void;
}

/** Starts the server; it exits when close() is called or when the test process goes away. */
export function startServer(): Promise<TestServer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('test server did not start')), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        const port = Number(m[1]);
        resolve({
          port,
          base: `http://127.0.0.1:${port}`,
          close: () => {
            child.stdin?.end();
            child.kill();
          },
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`test server exited with ${code}`)));
  });
}

/** A port nothing listens on (bound then released by a child, so nothing of ours holds it). */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
