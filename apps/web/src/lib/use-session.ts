import { useRouteContext } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';

/** The signed-in state and the sign-in/sign-up/sign-out actions, for any component under the router. */
export function useSession() {
  const { session } = useRouteContext({ from: '__root__' });
  const state = useSyncExternalStore(session.subscribe, session.getState);
  return {
    status: state.status,
    user: state.user,
    signIn: (returnTo?: string) => session.signIn(returnTo),
    signUp: (returnTo?: string) => session.signUp(returnTo),
    signOut: () => session.signOut(),
  };
}
