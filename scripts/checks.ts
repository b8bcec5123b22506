/**
 * npm run checks: ESLint, Prettier's check and the typecheck at once (npm test runs them before the
 * tests). Each is mostly one core's work, so side by side they take about as long as the slowest
 * instead of the three in a row. Each one's output is printed whole when it ends, in this order.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'format:check', 'typecheck'];

/** Runs `npm run <script>`, keeping its output; resolves with whether it passed and what it printed. */
function run(script: string): Promise<{ script: string; ok: boolean; output: string; seconds: number }> {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ script, ok: code === 0, output, seconds: (Date.now() - began) / 1000 }));
  });
}

const results = await Promise.all(CHECKS.map(run));
for (const { script, ok, output, seconds } of results) {
  process.stdout.write(`${ok ? 'passed' : 'FAILED'}: npm run ${script} (${seconds.toFixed(0)} s)\n`);
  if (!ok || output.trim() !== '') process.stdout.write(`${output.trimEnd()}\n`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
