/**
 * The self-install's pure rules: the service address typed beside the key (normalised, https only,
 * the same rule on both sides of google.script.run), the sidebar's words for each installation, and
 * the build's flavour (no service, no allowlist).
 */
import { describe, expect, it } from 'vitest';
import { installationOf, renderManifest, resolveBaseUrl, urlAllowlist } from '../../../../scripts/build/manifest';
import { inlineAbout } from '../../../../scripts/build/sidebar';
import { normaliseServiceAddress, serviceAddressProblem } from '../../../../src/shared/rules';
import { keySource, whereNote } from '../../../../src/sidebar/key-model';
import { checkServiceAddress } from '../../../../src/sidebar/validate';
import { settingsView } from '../../sidebar/settings-fixture';

describe('the service address of a self-install', () => {
  it('is stored without trailing slashes or the API prefix a person may paste with it', () => {
    expect(normaliseServiceAddress('  https://api.example.com/  ')).toBe('https://api.example.com');
    expect(normaliseServiceAddress('https://api.example.com/api/v1/')).toBe('https://api.example.com');
    expect(normaliseServiceAddress('https://api.example.com/base/API/V1')).toBe('https://api.example.com/base');
    expect(normaliseServiceAddress('https://api.example.com/v1')).toBe('https://api.example.com/v1');
  });

  it('must be https, even to this machine: the key travels with every request and no allowlist limits it', () => {
    expect(serviceAddressProblem('https://api.example.com')).toBeNull();
    expect(serviceAddressProblem('https://127.0.0.1:8443/base')).toBeNull();
    expect(serviceAddressProblem('http://api.example.com')).toBe('http-not-local');
    expect(serviceAddressProblem('http://127.0.0.1:8080')).toBe('not-https');
    expect(serviceAddressProblem('https://api.example.com?x=1')).toBe('query-or-fragment');
    expect(serviceAddressProblem('https://user@api.example.com')).toBe('userinfo');
    expect(serviceAddressProblem('ftp://api.example.com')).toBe('scheme');
  });

  it('is checked in the sidebar before the server sees it, with the same rule', () => {
    expect(checkServiceAddress(' https://api.example.com/api/v1 ')).toEqual({ address: 'https://api.example.com' });
    expect(checkServiceAddress('')).toEqual({ error: "Type the service's address too, such as https://api.example.com." });
    for (const bad of ['http://api.example.com', 'http://localhost:3000']) {
      expect(checkServiceAddress(bad)).toEqual({ error: 'Use the https:// address: your key travels with every request.' });
    }
    expect(checkServiceAddress('https://api.example.com:70000')).toEqual({ error: 'The port must be at most 65535.' });
  });
});

describe("the sidebar's words", () => {
  it('tell a Marketplace user to use the add-on once in each new spreadsheet, a self-installer where it lives', () => {
    expect(whereNote(settingsView())).toBe(
      'In each new spreadsheet, use the add-on once (Extensions › Search Demand › any item) before typing its formulas: until then Sheets does not know them there (#NAME?).',
    );
    expect(whereNote(settingsView({ selfInstall: true }))).toBe(
      'This copy of Search Demand lives in this spreadsheet only: to use it in another spreadsheet, install it there the same way.',
    );
  });

  it("name the service a self-installer's key is for", () => {
    expect(keySource(settingsView())).toBe('Your key');
    expect(keySource(settingsView({ sharedWithDocument: true }))).toBe('Your key, shared with this document');
    expect(keySource(settingsView({ selfInstall: true, baseUrl: 'https://api.example.com' }))).toBe(
      'Your key, for https://api.example.com',
    );
    expect(keySource(settingsView({ hasKey: false }))).toBe('');
  });

  it('say in the help which release this is, and a self-installer how to update it', () => {
    const page = '<p id="help-about"><!--@about--></p>';
    expect(inlineAbout(page, { version: '1.2.3', installation: 'marketplace' })).toBe('<p id="help-about">Search Demand 1.2.3.</p>');
    expect(inlineAbout(page, { version: '1.2.3', installation: 'self' })).toMatch(
      /^<p id="help-about">Search Demand 1\.2\.3, installed in this spreadsheet by hand\. To update, paste the files of a newer release/,
    );
    expect(() => inlineAbout(page, { version: 'latest', installation: 'self' })).toThrow(/not a release version/);
    expect(() => inlineAbout('<p></p>', { version: '1.2.3', installation: 'self' })).toThrow(/exactly once/);
  });
});

describe('the self-install build', () => {
  it('compiles in no service and no allowlist, and refuses one given', () => {
    expect(installationOf('self-install')).toBe('self');
    expect(installationOf('production')).toBe('marketplace');
    expect(resolveBaseUrl(undefined, 'self-install')).toBe('');
    expect(() => resolveBaseUrl('https://api.example.com', 'self-install')).toThrow(/compiles in no service/);
    expect(urlAllowlist('', 'self-install')).toEqual([]);
    expect(renderManifest({ runtimeVersion: 'V8' }, [])).toEqual({ runtimeVersion: 'V8' });
    expect(renderManifest({ runtimeVersion: 'V8' }, ['https://a.example/api/v1/'])).toEqual({
      runtimeVersion: 'V8',
      urlFetchWhitelist: ['https://a.example/api/v1/'],
    });
  });
});
