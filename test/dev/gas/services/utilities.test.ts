import { createHash, createHmac } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GasRuntime, LOCK_TIMEOUT_MESSAGE } from '../../../../dev/gas/index.js';

const signed = (buf: Buffer): number[] => Array.from(buf, (b) => (b > 127 ? b - 256 : b));

const CODE = `
function TRY(f) { try { return f(); } catch (e) { return 'ERR ' + e.message; } }
function DIGEST(alg, value) { return Utilities.computeDigest(Utilities.DigestAlgorithm[alg], value); }
function DIGEST_BYTES(bytes) { return Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, bytes); }
function HMAC(value, key) { return Utilities.computeHmacSha256Signature(value, key); }
function B64(text) {
  var enc = Utilities.base64Encode(text);
  var web = Utilities.base64EncodeWebSafe(text);
  var back = Utilities.newBlob(Utilities.base64Decode(enc)).getDataAsString();
  var backWeb = Utilities.newBlob(Utilities.base64DecodeWebSafe(web)).getDataAsString();
  return { enc: enc, web: web, back: back, backWeb: backWeb };
}
function B64BAD(s) { return TRY(function () { return Utilities.base64Decode(s); }); }
function GZIP(text) {
  var blob = Utilities.newBlob(text, 'text/plain', 'data.txt');
  var gz = Utilities.gzip(blob);
  var back = Utilities.ungzip(gz);
  return { name: gz.getName(), type: gz.getContentType(), size: gz.getBytes().length, back: back.getDataAsString(), backName: back.getName(), gzBytes: gz.getBytes() };
}
function UNGZIP(bytes) { return Utilities.ungzip(Utilities.newBlob(bytes)).getDataAsString(); }
function SLEEP(ms) { var t = Date.now(); Utilities.sleep(ms); return Date.now() - t; }
function SLEEPCATCH(ms) { try { Utilities.sleep(ms); } catch (e) {} return 'ignored'; }
function FMT(ms, tz, pattern) { return Utilities.formatDate(new Date(ms), tz, pattern); }
function UUID() { return [Utilities.getUuid(), Utilities.getUuid()]; }
function FORMAT() { return Utilities.formatString('%s has %d items (%.2f)', 'list', 3, 1.5); }
function BLOB() {
  var b = Utilities.newBlob('héllo');
  var c = b.copyBlob().setName('c.txt').setContentType('text/plain');
  b.setDataFromString('changed');
  return [b.getDataAsString(), c.getDataAsString(), c.getName(), c.getContentType(), b.getBytes().length];
}
function LOCK(scope, ms) {
  var lock = LockService['get' + scope + 'Lock']();
  var got = lock.tryLock(ms);
  return [got, lock.hasLock()];
}
function WAITLOCK(ms) { return TRY(function () { LockService.getScriptLock().waitLock(ms); return 'locked'; }); }
function KEEPLOCK() { LockService.getScriptLock().waitLock(100); return 'held'; }
`;

const menu = { mode: 'menu' as const };

describe('Utilities', () => {
  const rt = new GasRuntime({ code: CODE });

  it('computes digests as signed bytes, like Google', () => {
    for (const [alg, node] of [
      ['MD5', 'md5'],
      ['SHA_1', 'sha1'],
      ['SHA_256', 'sha256'],
      ['SHA_512', 'sha512'],
    ] as const) {
      const got = rt.run('DIGEST', [alg, 'électrique bikes'], menu).value as number[];
      expect(got).toEqual(signed(createHash(node).update('électrique bikes', 'utf8').digest()));
      expect(got.some((b) => b < 0)).toBe(true);
      expect(got.every((b) => b >= -128 && b <= 127)).toBe(true);
    }
    expect(rt.run('DIGEST_BYTES', [[1, -1, 127, -128]], menu).value).toEqual(
      signed(
        createHash('md5')
          .update(Buffer.from([1, 255, 127, 128]))
          .digest(),
      ),
    );
    expect(rt.run('HMAC', ['msg', 'key'], menu).value).toEqual(signed(createHmac('sha256', 'key').update('msg').digest()));
  });

  it('base64-encodes, web-safe keeping the padding, and decodes strictly', () => {
    const text = 'ÿ? subjects?>>!'; // 16 bytes: padded, and uses + and /
    const v = rt.run('B64', [text], menu).value as Record<string, string>;
    expect(v.enc).toBe(Buffer.from(text).toString('base64'));
    expect(v.web).toBe(Buffer.from(text).toString('base64').replace(/\+/g, '-').replace(/\//g, '_'));
    expect(v.web).toMatch(/=$/);
    expect(v.back).toBe(text);
    expect(v.backWeb).toBe(text);
    expect(rt.run('B64BAD', ['not base64!'], menu).value).toBe('ERR Could not decode string.');
  });

  it('gzips and ungzips blobs (interoperable with node)', () => {
    const text = 'keyword,'.repeat(1000);
    const v = rt.run('GZIP', [text], menu).value as Record<string, unknown>;
    expect(v).toMatchObject({ name: 'data.txt.gz', type: 'application/x-gzip', back: text, backName: 'data.txt' });
    expect(v.size as number).toBeLessThan(text.length / 10);
    const gz = Buffer.from((v.gzBytes as number[]).map((b) => b & 0xff));
    expect(gz[0]).toBe(0x1f);
    expect(rt.run('UNGZIP', [signed(gzipSync(Buffer.from('from node')))], menu).value).toBe('from node');
  });

  it('sleeps on the script clock, and a sleep past the deadline terminates the execution', () => {
    const slept = rt.run('SLEEP', [150], menu);
    expect(slept.value as number).toBeGreaterThanOrEqual(150);
    expect(slept.sleptMs).toBe(150);
    const r = rt.run('SLEEPCATCH', [5_000], { mode: 'menu', timeLimitMs: 300 });
    expect(r).toMatchObject({ ok: false, timedOut: true, error: 'Exceeded maximum execution time' });
    // Slept up to the 300 ms limit, not the 5 s asked.
    expect(r.sleptMs).toBeGreaterThan(0);
    expect(r.sleptMs).toBeLessThanOrEqual(300);
    expect(r.durationMs).toBeGreaterThanOrEqual(300);
  });

  it('formats dates with SimpleDateFormat patterns in a time zone', () => {
    const t = Date.UTC(2024, 2, 5, 14, 7, 9, 45);
    expect(rt.run('FMT', [t, 'Etc/UTC', 'yyyy-MM-dd HH:mm:ss'], menu).value).toBe('2024-03-05 14:07:09');
    expect(rt.run('FMT', [t, 'America/New_York', "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"], menu).value).toBe('2024-03-05T09:07:09.045-05:00');
    expect(rt.run('FMT', [t, 'GMT+2', 'EEE, d MMM yy h:mm a Z'], menu).value).toBe('Tue, 5 Mar 24 4:07 PM +0200');
    expect(rt.run('FMT', [t, 'Asia/Kolkata', 'MMMM EEEE HH:mm'], menu).value).toBe('March Tuesday 19:37');
  });

  it('makes UUIDs, formats strings, and handles blobs', () => {
    const [a, b] = rt.run('UUID', [], menu).value as string[];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
    expect(rt.run('FORMAT', [], menu).value).toBe('list has 3 items (1.50)');
    expect(rt.run('BLOB', [], menu).value).toEqual(['changed', 'héllo', 'c.txt', 'text/plain', 7]);
  });
});

describe('LockService', () => {
  it('acquires, reports and releases locks at the end of the execution', () => {
    const rt = new GasRuntime({ code: CODE });
    expect(rt.run('LOCK', ['Script', 10], menu).value).toEqual([true, true]);
    expect(rt.locks.holder('script')).toBeUndefined(); // released when the execution ended
    expect(rt.run('LOCK', ['Document', 10], menu).value).toEqual([true, true]);
    expect(rt.run('LOCK', ['User', 10], menu).value).toEqual([true, true]);
  });

  it("waits for a lock another execution holds, then times out with Google's text", () => {
    const rt = new GasRuntime({ code: CODE });
    rt.locks.holdExternally('script', 60_000);
    const waited = rt.run('WAITLOCK', [200], menu);
    expect(waited.value).toBe(`ERR ${LOCK_TIMEOUT_MESSAGE}`);
    // It polled for the 200 ms asked (real time: another execution's hold is), no longer.
    expect(waited.blockedMs).toBeGreaterThan(0);
    expect(waited.blockedMs).toBeLessThanOrEqual(200);
    expect(waited.durationMs).toBeGreaterThanOrEqual(200);
    expect(LOCK_TIMEOUT_MESSAGE).toBe('Lock timeout: another process was holding the lock for too long.');
    expect(rt.run('LOCK', ['Script', 50], menu).value).toEqual([false, false]);
    expect(rt.run('LOCK', ['Document', 50], menu).value).toEqual([true, true]);
    rt.locks.releaseExternal('script');
    expect(rt.run('WAITLOCK', [200], menu).value).toBe('locked');
  });

  it('gets the lock when the other holder lets go while waiting', () => {
    const rt = new GasRuntime({ code: CODE });
    rt.locks.holdExternally('script', 150);
    expect(rt.run('WAITLOCK', [2_000], menu).value).toBe('locked');
  });

  it('terminates an execution still waiting at its deadline', () => {
    const rt = new GasRuntime({ code: CODE });
    rt.locks.holdExternally('script', 60_000);
    const r = rt.run('WAITLOCK', [5_000], { mode: 'menu', timeLimitMs: 250 });
    expect(r).toMatchObject({ ok: false, timedOut: true });
    // Polled up to the 250 ms limit (less the modelled calls before it), not the 5 s asked.
    expect(r.blockedMs).toBeLessThanOrEqual(250);
    expect(r.durationMs).toBeGreaterThanOrEqual(250);
  });
});
