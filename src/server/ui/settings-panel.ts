/**
 * The sidebar's settings: each call handed to api-key/ (the person's own key, checked before it is
 * stored; sharing it with the document; the owner's choice for formulas; the service's address), then
 * shown by settings-view.
 */
import type { SettingsView } from '../../shared/sidebar-api';
import { chooseOwnerKeyForFormulas } from '../api-key/owner-choice';
import { removeOwnKey, removeSharedKey, saveOwnKey, shareOwnKey } from '../api-key/own-key';
import { saveServiceAddress } from '../api-key/service-address';
import { settingsView } from './settings-view';

/** The settings as the sidebar shows them, for whoever opened it. */
export function getSettings(): SettingsView {
  return settingsView();
}

/**
 * Checks a pasted key against /usage and stores it only if the service accepts it (with the address
 * typed beside it, checked in the same request).
 * @param pasted the key as pasted
 * @param shareWithDocument also let this document's formulas use it (whoever evaluates them)
 * @param typedAddress the service's address, typed beside the key
 */
export function saveApiKey(pasted: unknown, shareWithDocument: unknown, typedAddress?: unknown): SettingsView {
  saveOwnKey(pasted, shareWithDocument, typedAddress);
  return settingsView();
}

/** Removes the user's key, and its document copy if they shared it. */
export function removeApiKey(): SettingsView {
  removeOwnKey();
  return settingsView();
}

/**
 * Shares the user's key with the document, or stops sharing it (a key someone else shared stays).
 * @param share true to share
 */
export function setKeySharing(share: unknown): SettingsView {
  shareOwnKey(share);
  return settingsView();
}

/** Stops this document's formulas using the key shared with it, whoever shared it (their own copy stays theirs). */
export function removeDocumentKey(): SettingsView {
  removeSharedKey();
  return settingsView();
}

/**
 * The owner's choice: may formulas in this spreadsheet spend the owner's key?
 * @param allow true to let them (the default), false to stop
 */
export function setOwnerKeyForFormulas(allow: unknown): SettingsView {
  chooseOwnerKeyForFormulas(allow);
  return settingsView();
}

/**
 * Stores a base URL override (an empty value restores the default), or a self-install's address.
 * @param value the URL typed in the sidebar
 */
export function setBaseUrl(value: unknown): SettingsView {
  saveServiceAddress(value);
  return settingsView();
}
