/** Conditional format rules in dev/gas: kept on their sheet, replaced whole, strict where Google is silent. */
import { describe, expect, it } from 'vitest';
import { GasRuntime } from '../../../../dev/gas/index.js';

const SCRIPT = `
function colour() {
  var sheet = SpreadsheetApp.getActiveSheet();
  var range = sheet.getRange('B2:B9');
  sheet.setConditionalFormatRules([
    SpreadsheetApp.newConditionalFormatRule().whenNumberGreaterThan(0).setBackground('#d9ead3').setRanges([range]).build(),
  ]);
  sheet.setConditionalFormatRules([
    SpreadsheetApp.newConditionalFormatRule().whenNumberLessThan(0).setFontColor('#cc0000').setRanges([range]).build(),
  ]);
  return sheet.getConditionalFormatRules().length;
}
function noCondition() {
  return SpreadsheetApp.newConditionalFormatRule().setRanges([SpreadsheetApp.getActiveSheet().getRange('A1')]).build();
}
function otherSheet() {
  var other = SpreadsheetApp.getActiveSpreadsheet().insertSheet('Other');
  var rule = SpreadsheetApp.newConditionalFormatRule().whenNumberLessThan(0).setRanges([other.getRange('A1')]).build();
  SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1').setConditionalFormatRules([rule]);
}
function inCell() {
  var sheet = SpreadsheetApp.getActiveSheet();
  sheet.setConditionalFormatRules([SpreadsheetApp.newConditionalFormatRule().whenNumberLessThan(0).setRanges([sheet.getRange('A1')]).build()]);
}
`;

describe('conditional format rules', () => {
  it('setConditionalFormatRules replaces the sheet rules', () => {
    const runtime = new GasRuntime({ code: SCRIPT, latency: false });
    const result = runtime.run('colour', [], { mode: 'menu' });
    expect(result.ok).toBe(true);
    expect(result.value).toBe(1);
    expect(runtime.spreadsheet.sheet('Sheet1').conditionalFormats).toEqual([
      {
        condition: { type: 'NUMBER_LESS_THAN', value: 0 },
        background: null,
        fontColor: '#cc0000',
        ranges: [{ row: 2, column: 2, numRows: 8, numColumns: 1 }],
      },
    ]);
    runtime.close();
  });

  it('refuses a rule without a condition, a range of another sheet, and a custom function setting rules', () => {
    const runtime = new GasRuntime({ code: SCRIPT, latency: false });
    expect(runtime.run('noCondition', [], { mode: 'menu' }).error).toMatch(/needs a condition/);
    expect(runtime.run('otherSheet', [], { mode: 'menu' }).error).toMatch(/must be on the sheet whose rules are set/);
    expect(runtime.run('inCell', [], { mode: 'custom-function' }).ok).toBe(false);
    expect(runtime.spreadsheet.sheet('Sheet1').conditionalFormats).toEqual([]);
    runtime.close();
  });
});
