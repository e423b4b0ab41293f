import type { SessionUser } from '@gmao/domain/auth/user';
import { api, type Envelope } from '../../../lib/api-client';

/** The session's own profile, re-read after an administrator edits their own account (name, role, section). */
export function getOwnProfile() {
  return api.get<Envelope<SessionUser>>('/auth/profile', { silent: true });
}
