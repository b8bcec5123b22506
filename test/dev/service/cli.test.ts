import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startService } from '../../../dev/service/harness.js';
import { api } from './util.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}
function run(args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}
async function firstLine(r: Run): Promise<string> {
  for (let i = 0; i < 200 && !r.stdout().includes('\n'); i++) await new Promise((res) => setTimeout(res, 50));
  return r.stdout();
}
const portOpen = (port: number) =>
  fetch(`http://127.0.0.1:${port}/__control/stats`).then(
    () => true,
    () => false,
  );

describe('main.ts CLI', () => {
  it('prints exactly one JSON line, serves, and exits 0 on SIGTERM', async () => {
    const r = run(['dev/service/main.ts', '--schema', 'b', '--keys', 'k1', '--latency-fresh-ms', '1']);
    const line = await firstLine(r);
    expect(line).toMatch(/^\{"port":\d+,"url":"http:\/\/127\.0\.0\.1:\d+"\}\n$/);
    const { port, url } = JSON.parse(line) as { port: number; url: string };
    const res = await fetch(`${url}/api/v1/trend?keyword=x`, { headers: { Authorization: 'Bearer k1' } });
    expect(((await res.json()) as { searchScore: number }).searchScore).toEqual(expect.any(Number));
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toBe(line);
    expect(await portOpen(port)).toBe(false);
  });

  it('exits 0 on SIGINT', async () => {
    const r = run(['dev/service/main.ts']);
    await firstLine(r);
    r.child.kill('SIGINT');
    expect(await r.exit).toBe(0);
  });

  it('busy port: one-line error, exit code 1', async () => {
    const svc = await startService();
    try {
      const r = run(['dev/service/main.ts', '--port', String(svc.port)]);
      expect(await r.exit).toBe(1);
      expect(r.stdout()).toBe('');
      expect(r.stderr().trim().split('\n')).toHaveLength(1);
      expect(r.stderr()).toContain('already in use');
    } finally {
      await svc.stop();
    }
  });

  it('bad arguments: exit code 2', async () => {
    expect(await run(['dev/service/main.ts', '--schema', 'd']).exit).toBe(2);
    expect(await run(['dev/service/main.ts', '--world', 'x'.repeat(65)]).exit).toBe(2);
    expect(await run(['dev/service/main.ts', '--bogus']).exit).toBe(2);
  });
});

describe('harness', () => {
  it('passes options to the child and stop() ends it', async () => {
    const svc = await startService({ schema: 'b', keys: ['only'], freshPerDay: 1, callsPerDay: 5 });
    expect(svc.url).toBe(`http://127.0.0.1:${svc.port}`);
    const u = await api(svc, '/usage');
    expect(u.body).toMatchObject({ freshSearchLimit: 1, apiCallLimit: 5, apiCallsUsed: 1 });
    expect((await api(svc, '/usage', 'dev-key-1')).status).toBe(401);
    await svc.stop();
    expect(await portOpen(svc.port)).toBe(false);
    await svc.stop(); // idempotent
  });

  it('the service dies with its parent process', async () => {
    const script = "const m = await import('./dev/service/harness.ts'); const s = await m.startService(); console.log(s.port);";
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT });
    let out = '';
    parent.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    for (let i = 0; i < 200 && !out.includes('\n'); i++) await new Promise((res) => setTimeout(res, 50));
    const port = Number(out.trim());
    expect(await portOpen(port)).toBe(true);
    parent.kill('SIGKILL');
    let open = true;
    for (let i = 0; i < 60 && open; i++) {
      await new Promise((res) => setTimeout(res, 50));
      open = await portOpen(port);
    }
    expect(open).toBe(false);
  });
});
