import { isCommonPassword } from '@gmao/domain/auth/common-passwords';
import { passwordPolicyError } from '@gmao/domain/auth/password-policy';
import { AppError } from './app-error.ts';

/**
 * The whole password policy (domain/src/auth/password-policy.ts) on every path that sets a password, including
 * the parts a form cannot check by itself: the username it must differ from and the list of common passwords.
 * Answers 400 with the message on the field, like a validation error.
 */
export function assertPasswordAllowed(password: string, opts: { username?: string; field: string }): void {
  const error = passwordPolicyError(password, { username: opts.username, isCommon: isCommonPassword });
  if (error) throw new AppError('BAD_REQUEST', error, [{ field: opts.field, msg: error }]);
}
