import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../src/server/service/endpoints';
import { buildUrl, encodeQueryValue } from '../../../../src/server/service/url';

describe('encodeQueryValue', () => {
  it('turns spaces into + and percent-encodes every other reserved character', () => {
    expect(encodeQueryValue('electric bikes')).toBe('electric+bikes');
    expect(encodeQueryValue("a&b+c#d%e/f?g=h!'()*")).toBe('a%26b%2Bc%23d%25e%2Ff%3Fg%3Dh%21%27%28%29%2A');
    expect(encodeQueryValue('☕ café')).toBe('%E2%98%95+caf%C3%A9');
  });

  it('round-trips through form decoding', () => {
    for (const v of ['c++ & c#', '100% / why?', 'a+b c', '☕🚲', "l'été"]) {
      expect(new URLSearchParams(`k=${encodeQueryValue(v)}`).get('k')).toBe(v);
    }
  });
});

describe('buildUrl', () => {
  it('puts the subject in the endpoint parameter under /api/v1', () => {
    expect(buildUrl('https://x.example', ENDPOINTS.trend, 'electric bikes')).toBe('https://x.example/api/v1/trend?keyword=electric+bikes');
    expect(buildUrl('https://x.example', ENDPOINTS.rankingList, 'sector:fintech')).toBe(
      'https://x.example/api/v1/ranking/list?group=sector%3Afintech',
    );
    expect(buildUrl('https://x.example', ENDPOINTS.usage)).toBe('https://x.example/api/v1/usage');
  });
});
