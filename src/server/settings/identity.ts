/** Who is running the add-on, as far as Google tells. */

/**
 * The signed-in user's email, or "" when Google does not give it (custom functions, some accounts, or
 * without the userinfo.email scope).
 */
export function currentEmail(): string {
  try {
    return Session.getActiveUser().getEmail() || '';
  } catch {
    return '';
  }
}
