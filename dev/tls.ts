/**
 * A self-signed certificate for 127.0.0.1, so the local service can answer over https: a self-install
 * accepts only an https address (src/shared/rules.ts, serviceAddressProblem), and its tests reach the
 * stand-in service the way Google reaches a real one. dev/gas trusts this certificate beside node's
 * roots (GasRuntime's `trustedCertificates`); nothing else does.
 *
 * Made once per process with the openssl command line (Debian's openssl package; node can sign but not
 * write an X.509 certificate), in a temporary folder removed when the process exits. Valid for a year
 * from the machine's clock as openssl reads it (faketime's too, so the run at 23:40 gets one valid then).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A certificate and its key, as files (for the service's command line) and the certificate as text. */
export interface TestCertificate {
  certPath: string;
  keyPath: string;
  /** The certificate, PEM: what a client trusts. */
  cert: string;
}

let made: TestCertificate | undefined;

/**
 * The process's test certificate for 127.0.0.1 and localhost, made on first use.
 * @throws when openssl is missing or fails (its output in the message)
 */
export function testCertificate(): TestCertificate {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'sdm-tls-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const certPath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  const run = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '365',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { encoding: 'utf8' },
  );
  if (run.error || run.status !== 0) {
    throw new Error(`dev/tls: openssl could not make a test certificate (install Debian's openssl): ${run.error?.message ?? run.stderr}`);
  }
  made = { certPath, keyPath, cert: readFileSync(certPath, 'utf8') };
  return made;
}
