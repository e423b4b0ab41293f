import { can, type PolicyAction, type PolicyObject } from '@gmao/domain/interventions/policy';
import { useMemo } from 'react';
import { useSession } from '../../../lib/session';

/**
 * The session user's object-level access to interventions, decided by the same domain `can()` the server enforces
 * (domain/src/interventions/policy.ts): the UI hides what the server would refuse.
 */
export function useInterventionAccess() {
  const { user } = useSession();
  return useMemo(
    () => ({
      userId: user?.id ?? null,
      can: <A extends PolicyAction>(action: A, object: PolicyObject<A>) => can(user, action, object),
    }),
    [user],
  );
}
