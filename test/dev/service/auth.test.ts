import { describe, expect, it } from 'vitest';
import { match } from '../../matchers.js';
import type { ServiceHandle } from '../../../dev/service/harness.js';
import type { ErrorAnswer, UsageA } from './answers.js';
import { api, useService } from './util.js';

const SECRET = 'sk-live-very-secret-123';
let svc: ServiceHandle;
useService({ keys: [SECRET, 'other-key'] }, (s) => (svc = s));

describe('auth', () => {
  it('missing key → 401', async () => {
    const r = await api(svc, '/trend?keyword=x', null);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'unauthorized', message: match.any(String) });
    expect(r.headers.get('x-cache')).toBe('MISS');
  });

  it('malformed header → 401', async () => {
    const r = await api(svc, '/usage', null, { headers: { Authorization: SECRET } });
    expect(r.status).toBe(401);
  });

  it('unknown key → 401 without echoing the key', async () => {
    const r = await api<ErrorAnswer>(svc, '/trend?keyword=x', 'wrong-key-xyz');
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('unauthorized');
    expect(r.text).not.toContain('wrong-key-xyz');
  });

  it('scheme is case-insensitive', async () => {
    const r = await api(svc, '/usage', null, { headers: { Authorization: `bearer ${SECRET}` } });
    expect(r.status).toBe(200);
  });

  it('revoked key → 401 saying revoked; other keys keep working; reset restores', async () => {
    expect((await api(svc, '/usage', SECRET)).status).toBe(200);
    await svc.control.keys({ revoke: [SECRET] });
    const r = await api<ErrorAnswer>(svc, '/usage', SECRET);
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/revoked/i);
    expect(r.text).not.toContain(SECRET);
    expect((await api(svc, '/usage', 'other-key')).status).toBe(200);
    await svc.control.reset();
    expect((await api(svc, '/usage', SECRET)).status).toBe(200);
  });

  it('added keys work, and unauthorized requests count no API call', async () => {
    expect((await api(svc, '/usage', 'new-key')).status).toBe(401);
    await svc.control.keys({ add: ['new-key'] });
    const r = await api<UsageA>(svc, '/usage', 'new-key');
    expect(r.status).toBe(200);
    expect(r.body.api_calls.used).toBe(1);
  });

  it('keys never appear in stats', async () => {
    await api(svc, '/trend?keyword=x', SECRET);
    await api(svc, '/trend?keyword=x', 'bad-key-abc');
    const text = JSON.stringify(await svc.control.stats());
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('bad-key-abc');
  });
});
