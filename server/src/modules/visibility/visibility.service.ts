import type { SessionUser } from '@gmao/domain/auth/user';
import { type GuardedObject, visibilityOf } from '@gmao/domain/auth/visibility';
import type { DbOrTx } from '../../db/database.ts';
import { seesObject } from '../../db/visibility.ts';

/** Whether `user` sees the client, equipment or intervention `id` (and it exists): db/visibility.ts decides. */
export function userSees(db: DbOrTx, user: SessionUser, kind: GuardedObject, id: number): Promise<boolean> {
  return seesObject(db, visibilityOf(user), kind, id);
}
