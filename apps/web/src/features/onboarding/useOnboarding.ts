import { useEffect, useState } from 'react';
import { loadUser, useSession } from '@/shared/session';

/** The session's user with settings and onboarding details, loaded when not there yet. */
export function useOnboarding() {
  const session = useSession();
  const [failed, setFailed] = useState(false);
  const ready = !!session.user && !!session.extra;
  useEffect(() => {
    if (ready) return;
    let alive = true;
    void loadUser().then((u) => alive && !u && setFailed(true));
    return () => {
      alive = false;
    };
  }, [ready]);
  return { user: session.user, extra: session.extra, failed };
}
