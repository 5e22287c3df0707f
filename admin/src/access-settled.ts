import type { AuthProvider } from 'react-admin';

/** One turn of the event loop: the query cache's and React's scheduled updates run. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * For render tests: an auth provider whose access questions can be waited for, instead of a
 * fixed pause. `settled` returns once every question asked has been answered and no new one
 * came in a turn of the event loop (react-admin asks `canAccess` asynchronously).
 */
export function accessSettling(auth: AuthProvider) {
  const asked: Promise<boolean>[] = [];
  const canAccess: AuthProvider['canAccess'] = (params) => {
    const answer = auth.canAccess ? auth.canAccess(params) : Promise.resolve(true);
    asked.push(answer);
    return answer;
  };
  return {
    auth: { ...auth, canAccess },
    async settled(): Promise<void> {
      let seen = -1;
      while (seen !== asked.length) {
        seen = asked.length;
        await Promise.all(asked);
        await turn();
      }
    },
  };
}
