/**
 * Which release of Search Demand is running, in the sidebar's words. The build writes the help's line
 * from package.json's version (scripts/build/sidebar.ts); the sidebar writes it again from the version
 * the server script reports (src/sidebar/version.ts), and says so when its two halves are from
 * different releases: a self-installer who pasted Code.gs but not Sidebar.html, or the other way round.
 */

/**
 * The help's line saying which release this is: a person who pasted the files learns what they run,
 * how to update, and where new releases appear (a pasted script never updates itself); a Marketplace
 * user gets updates from Google.
 * @param version the release's version, e.g. "0.9.0"
 * @param selfInstall whether the files were pasted into this spreadsheet by hand
 */
export function aboutLine(version: string, selfInstall: boolean): string {
  return selfInstall
    ? `Search Demand ${version}, installed in this spreadsheet by hand. To update, paste the files of a newer release over these (Extensions › Apps Script): your key, tables and tracking lists stay. It never updates itself: new releases appear in the repository you took it from, its CHANGELOG.md says what each brings.`
    : `Search Demand ${version}.`;
}

/**
 * What the sidebar says when the page and the server script are from different releases, or null when
 * they agree. A script from before versions were reported (0.9.0) reports none.
 * @param sidebarVersion the version built into the sidebar page
 * @param scriptVersion the version the server script reported (undefined from a script that reports none)
 * @param selfInstall whether the files were pasted into this spreadsheet by hand
 */
export function versionMismatch(sidebarVersion: string, scriptVersion: string | undefined, selfInstall: boolean): string | null {
  if (scriptVersion === sidebarVersion) return null;
  const script = scriptVersion ? `Search Demand ${scriptVersion}` : 'from an earlier release';
  return selfInstall
    ? `This sidebar (Sidebar.html) is Search Demand ${sidebarVersion}, but the script (Code.gs) is ${script}: the two files come from different releases. Paste both files of one release again, Code.gs and Sidebar.html, in Extensions › Apps Script, then close this sidebar and open it again.`
    : `This sidebar is Search Demand ${sidebarVersion}, but the add-on's script is ${script}: close this sidebar and open it again from Extensions › Search Demand.`;
}
