/**
 * UrlFetchApp over https: the local service answers with a self-signed certificate (dev/tls.ts), which
 * dev/gas trusts only when told to (`trustedCertificates`), as Google trusts a real service's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GasRuntime } from '../../../../dev/gas/index.js';
import { startService, type ServiceHandle } from '../../../../dev/service/harness.js';
import { testCertificate } from '../../../../dev/tls.js';

const code = `function USAGE(base) {
  try { return UrlFetchApp.fetch(base + '/api/v1/usage', { headers: { Authorization: 'Bearer tls-key' } }).getResponseCode(); }
  catch (e) { return String(e); }
}`;

let service: ServiceHandle;
beforeAll(async () => {
  service = await startService({ keys: ['tls-key'], tls: testCertificate() });
});
afterAll(() => service?.stop());

describe('https to the local service', () => {
  it('reaches it with its certificate trusted, and refuses it otherwise', () => {
    const url = service.httpsUrl ?? '';
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const trusted = new GasRuntime({ code, latency: false, trustedCertificates: [testCertificate().cert] });
    const untrusted = new GasRuntime({ code, latency: false });
    try {
      expect(trusted.run('USAGE', [url], { mode: 'menu' }).value).toBe(200);
      expect(untrusted.run('USAGE', [url], { mode: 'menu' }).value).toBe(`Exception: SSL error: ${url}/api/v1/usage`);
    } finally {
      trusted.close();
      untrusted.close();
    }
  });
});
