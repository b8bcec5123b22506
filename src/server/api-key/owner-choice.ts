/**
 * The owner's choice: may formulas in this spreadsheet spend the owner's key? Google gives custom
 * functions no way to tell the owner's evaluations from an editor's, so this is all or nothing per
 * spreadsheet. Stored in the owner's user properties, which editors can neither read nor change.
 */
import { forgetLookupConfig } from '../cache/config-entry';
import { PROP_FORMULA_KEY_OFF } from '../settings/constants';
import { errors } from '../errors/errors';
import { currentEmail } from '../settings/identity';
import { assertUserSettingsFit } from '../settings/property-limits';
import { activeSpreadsheetId, readFormulaKeyOffList } from '../settings/lookup-settings';
import { ownerOf, roleOf } from '../settings/formula-key';

/**
 * Lets formulas here spend the owner's key (the default), or stops them. Only the owner may choose.
 * @param allow true to let them, false to stop
 */
export function chooseOwnerKeyForFormulas(allow: unknown): void {
  const owner = ownerOf(SpreadsheetApp.getActiveSpreadsheet());
  if (roleOf(currentEmail(), owner) !== 'owner') {
    throw errors.input("Only the spreadsheet's owner can choose whether formulas here spend the owner's key.");
  }
  const id = activeSpreadsheetId();
  const off = new Set(readFormulaKeyOffList());
  if (allow === true) off.delete(id);
  else off.add(id);
  // Google keeps 9 KB per setting: about 190 spreadsheets' ids. Allowing again only shortens the list.
  if (allow !== true && off.size) {
    assertUserSettingsFit(
      { [PROP_FORMULA_KEY_OFF]: JSON.stringify([...off]) },
      `Your key is already kept from formulas in ${off.size - 1} spreadsheets, as many as Google lets the add-on remember (9 KB per setting): allow your key again in spreadsheets you no longer use, then try again. Nothing was changed.`,
    );
  }
  forgetLookupConfig();
  const user = PropertiesService.getUserProperties();
  if (off.size) user.setProperty(PROP_FORMULA_KEY_OFF, JSON.stringify([...off]));
  else user.deleteProperty(PROP_FORMULA_KEY_OFF);
}
