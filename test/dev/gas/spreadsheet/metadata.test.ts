import { describe, expect, it } from 'vitest';
import { DEVELOPER_METADATA_LIMITS, GasRuntime, NAMED_RANGE_MESSAGES } from '../../../../dev/gas/index.js';

const menu = { mode: 'menu' } as const;
const catchAll = `function tryAll(fns) { return fns.map(function (f) { try { var v = f(); return v === undefined ? 'ok' : v; } catch (e) { return e.name + ': ' + e.message; } }); }`;

describe('developer metadata', () => {
  const code = `${catchAll}
    function ss() { return SpreadsheetApp.getActiveSpreadsheet(); }
    function ADD() {
      var V = SpreadsheetApp.DeveloperMetadataVisibility;
      ss().addDeveloperMetadata('plain');
      ss().addDeveloperMetadata('private', V.PROJECT);
      ss().addDeveloperMetadata('settings', '{"tables":2}');
      ss().addDeveloperMetadata('both', 'v', V.DOCUMENT);
      ss().getSheets()[0].addDeveloperMetadata('onSheet', 'x');
    }
    function LIST() { return ss().getDeveloperMetadata().map(function (m) { return [m.getKey(), m.getValue(), m.getVisibility(), m.getLocation().getLocationType()]; }); }
    function FIND(key) { return ss().createDeveloperMetadataFinder().withKey(key).find().map(function (m) { return [m.getId(), m.getValue(), m.getLocation().getLocationType()]; }); }
    function UPDATE() { var m = ss().createDeveloperMetadataFinder().withKey('settings').find()[0];
      m.setValue('{"tables":3}'); m.setKey('config'); var id = m.getId();
      return ss().createDeveloperMetadataFinder().withId(id).find()[0].getKey() + '=' + m.getValue(); }
    function REMOVE(key) { ss().createDeveloperMetadataFinder().withKey(key).find().forEach(function (m) { m.remove(); }); return ss().getDeveloperMetadata().length; }
    function WRITE_IN_CELL() { return tryAll([function () { ss().addDeveloperMetadata('k', 'v'); },
      function () { ss().getDeveloperMetadata()[0].setValue('x'); }, function () { return ss().getDeveloperMetadata()[0].getValue(); }]); }
    function BIG(n) { return tryAll([function () { ss().addDeveloperMetadata('k', new Array(n + 1).join('x')); }]); }`;

  it('adds, lists, finds, updates and removes metadata at the spreadsheet and its sheets', () => {
    const rt = new GasRuntime({ code });
    expect(rt.run('ADD', [], menu).ok).toBe(true);
    expect(rt.run('LIST', [], menu).value).toEqual([
      ['plain', null, 'DOCUMENT', 'SPREADSHEET'],
      ['private', null, 'PROJECT', 'SPREADSHEET'],
      ['settings', '{"tables":2}', 'DOCUMENT', 'SPREADSHEET'],
      ['both', 'v', 'DOCUMENT', 'SPREADSHEET'],
    ]);
    const [found] = rt.run('FIND', ['onSheet'], menu).value as unknown[][];
    expect(found?.slice(1)).toEqual(['x', 'SHEET']);
    expect(rt.run('UPDATE', [], menu).value).toBe('config={"tables":3}');
    expect(rt.spreadsheet.developerMetadata.list.map((m) => m.key)).toEqual(['plain', 'private', 'config', 'both', 'onSheet']);
    expect(rt.run('REMOVE', ['plain'], menu).value).toBe(3);
    // A sheet's metadata goes with the sheet.
    rt.spreadsheet.addSheet('Extra');
    rt.spreadsheet.developerMetadata.add({ key: 'extra', sheetId: rt.spreadsheet.sheet('Extra').id });
    rt.spreadsheet.deleteSheet('Extra');
    expect(rt.spreadsheet.developerMetadata.list.map((m) => m.key)).not.toContain('extra');
  });

  it('hides another project’s PROJECT metadata', () => {
    const rt = new GasRuntime({ code });
    rt.spreadsheet.developerMetadata.add({ key: 'theirs', visibility: 'PROJECT', projectId: 'another-script' });
    rt.spreadsheet.developerMetadata.add({ key: 'shared', visibility: 'DOCUMENT', projectId: 'another-script' });
    expect((rt.run('LIST', [], menu).value as unknown[][]).map((m) => m[0])).toEqual(['shared']);
  });

  it('may be read but not written in a custom function', () => {
    const rt = new GasRuntime({ code });
    rt.spreadsheet.developerMetadata.add({ key: 'k', value: 'v' });
    expect(rt.run('WRITE_IN_CELL').value).toEqual([
      ['Exception: You do not have permission to call addDeveloperMetadata', 'Exception: You do not have permission to call setValue', 'v'],
    ]);
  });

  it('holds at most 30,000 characters at the spreadsheet and on each sheet', () => {
    const rt = new GasRuntime({ code });
    expect(DEVELOPER_METADATA_LIMITS.maxCharsPerLocation).toBe(30_000);
    expect(rt.run('BIG', [29_999], menu).value).toEqual(['ok']); // 'k' + 29,999
    expect(rt.run('BIG', [0], menu).value).toEqual([
      'Exception: The developer metadata of this spreadsheet would exceed the limit of 30000 characters.',
    ]);
    expect(rt.spreadsheet.developerMetadata.charsAt(null)).toBe(30_000);
    // A sheet has its own 30,000.
    expect(() => rt.spreadsheet.developerMetadata.add({ key: 'x'.repeat(30_000), sheetId: 0 }, 'sheet "Sheet1"')).not.toThrow();
  });

  it('is readable from a time-driven trigger through openById (no active document)', () => {
    const rt = new GasRuntime({
      code: `function tick() { return SpreadsheetApp.openById('dev-gas-spreadsheet').createDeveloperMetadataFinder().withKey('schedule').find()[0].getValue(); }`,
    });
    rt.spreadsheet.developerMetadata.add({ key: 'schedule', value: 'daily' });
    expect(rt.run('tick', [], { mode: 'trigger' }).value).toBe('daily');
  });
});

describe('named ranges', () => {
  const code = `${catchAll}
    function ss() { return SpreadsheetApp.getActiveSpreadsheet(); }
    function NAME(name, a1) { return tryAll([function () { ss().setNamedRange(name, ss().getRange(a1)); }]); }
    function GET(name) { var r = ss().getRangeByName(name); return r === null ? null : r.getA1Notation(); }
    function ALL() { return ss().getNamedRanges().map(function (n) { return n.getName() + '=' + n.getRange().getA1Notation(); }); }
    function MOVE(name, a1) { ss().getNamedRanges().filter(function (n) { return n.getName() === name; })[0].setRange(ss().getRange(a1)); }
    function DROP(name) { return tryAll([function () { ss().removeNamedRange(name); }]); }
    function CELL() { return tryAll([function () { ss().setNamedRange('Inputs', ss().getRange('A1')); }, function () { return GET('Inputs'); }]); }`;

  it('names, finds, moves and removes ranges', () => {
    const rt = new GasRuntime({ code });
    expect(rt.run('NAME', ['Inputs', 'Sheet1!A2:A10'], menu).value).toEqual(['ok']);
    expect(rt.run('GET', ['Inputs'], menu).value).toBe('A2:A10');
    expect(rt.run('GET', ['inputs'], menu).value).toBe('A2:A10');
    expect(rt.run('GET', ['Missing'], menu).value).toBeNull();
    rt.run('MOVE', ['Inputs', 'B1:B3'], menu);
    expect(rt.run('ALL', [], menu).value).toEqual(['Inputs=B1:B3']);
    expect(rt.run('DROP', ['Inputs'], menu).value).toEqual(['ok']);
    expect(rt.run('DROP', ['Inputs'], menu).value).toEqual([`Exception: ${NAMED_RANGE_MESSAGES.notFound('Inputs')}`]);
    expect(rt.spreadsheet.namedRanges.list).toEqual([]);
  });

  it("applies Google's naming rules", () => {
    const rt = new GasRuntime({ code });
    for (const bad of ['1st', 'A1', 'ab12', 'R1C1', 'true', 'has space', 'dot.ted', '', 'x'.repeat(251)]) {
      expect(rt.run('NAME', [bad, 'A1'], menu).value).toEqual([`Exception: ${NAMED_RANGE_MESSAGES.invalidName(bad)}`]);
    }
    for (const good of ['Inputs', '_x', 'Total_2024', 'x'.repeat(250)]) expect(rt.run('NAME', [good, 'A1'], menu).value).toEqual(['ok']);
  });

  it('may be read but not set in a custom function', () => {
    const rt = new GasRuntime({ code });
    rt.spreadsheet.namedRanges.set('Inputs', rt.spreadsheet.sheet('Sheet1'), { row: 1, column: 1, numRows: 2, numColumns: 1 });
    expect(rt.run('CELL').value).toEqual([['Exception: You do not have permission to call setNamedRange', 'A1:A2']]);
  });
});

describe('hidden sheets', () => {
  const code = `${catchAll}
    function HIDE(name) { return tryAll([function () { SpreadsheetApp.getActive().getSheetByName(name).hideSheet(); }]); }
    function SHOW(name) { SpreadsheetApp.getActive().getSheetByName(name).showSheet(); }
    function STATE() { return SpreadsheetApp.getActive().getSheets().map(function (s) { return s.getName() + ':' + s.isSheetHidden(); }).concat(SpreadsheetApp.getActiveSheet().getName()); }`;

  it('hides and shows sheets, never the last visible one', () => {
    const rt = new GasRuntime({ code });
    rt.spreadsheet.addSheet('Settings');
    expect(rt.run('HIDE', ['Settings'], menu).value).toEqual(['ok']);
    expect(rt.run('STATE', [], menu).value).toEqual(['Sheet1:false', 'Settings:true', 'Sheet1']);
    expect(rt.run('HIDE', ['Sheet1'], menu).value).toEqual(["Exception: You can't hide all the sheets in a document."]);
    rt.run('SHOW', ['Settings'], menu);
    expect(rt.run('HIDE', ['Sheet1'], menu).value).toEqual(['ok']);
    expect(rt.run('STATE', [], menu).value).toEqual(['Sheet1:true', 'Settings:false', 'Settings']);
    expect(rt.run('HIDE', ['Settings']).value).toEqual([['Exception: You do not have permission to call hideSheet']]);
    expect(rt.spreadsheet.sheet('Sheet1').hidden).toBe(true);
  });
});
