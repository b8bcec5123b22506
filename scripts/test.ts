/**
 * npm test: every test project (vitest) and `npm run checks` (ESLint, Prettier's check, the typecheck) at
 * once. The tests leave the CPU partly idle in stretches (waiting on servers and the pool's real waits);
 * the checks run at a lower priority (nice) in those gaps instead of a minute and more before the first test. The
 * checks' output is printed after vitest's, and npm test fails if either failed. Arguments after `--` go
 * to vitest (`.ci/run` adds its reporters).
 */
import { spawn } from 'node:child_process';

/** Runs a command; resolves with its exit code (1 if it could not start or was killed). */
function run(command: string, args: string[], stdio: 'inherit' | 'pipe'): { done: Promise<number>; output: () => string } {
  let output = '';
  const child = spawn(command, args, { stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<number>((resolve) => {
    child.on('error', (error) => {
      output += `${error.message}\n`;
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
  return { done, output: () => output };
}

const began = Date.now();
// nice(1) lowers the checks' priority: the tests, some of which race executions in real time, come first.
const checks = run('nice', ['-n', '10', 'npm', 'run', '--silent', 'checks'], 'pipe');
const vitest = run('npx', ['vitest', 'run', ...process.argv.slice(2)], 'inherit');
const [testsCode, checksCode] = await Promise.all([vitest.done, checks.done]);
process.stdout.write(`\nnpm run checks (beside the tests):\n${checks.output().trimEnd()}\n`);
const seconds = Math.round((Date.now() - began) / 1000);
process.stdout.write(
  `npm test: tests ${testsCode === 0 ? 'passed' : 'FAILED'}, checks ${checksCode === 0 ? 'passed' : 'FAILED'} (${Math.floor(seconds / 60)} min ${seconds % 60} s)\n`,
);
process.exit(testsCode === 0 && checksCode === 0 ? 0 : 1);
