import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiRoutes, callApi } from '../shared/api';
import { startSession } from '../shared/session';

/** The two e-mailed guest links: the query parameter and how its token becomes a session. */
const LINKS = [
  {
    // A charge link (`?access=` on /charge-history or /receipt): sees only that charge.
    param: 'access',
    open: (token: string) =>
      callApi(apiRoutes.guestChargeAccess, { body: { token } }).then((s) =>
        startSession({ user: s.user, token: s.token, accessToken: null }, null),
      ),
  },
  {
    // A returning guest's one-time link (`?guestAccess=` on /parking-lot/:id): the guest's own
    // session on this device (decision 0030).
    param: 'guestAccess',
    open: (token: string) =>
      callApi(apiRoutes.parkingGuestAccess, { body: { token } }).then((s) =>
        startSession({ user: s.user, token: s.token, accessToken: s.accessToken }, null),
      ),
  },
] as const;

/**
 * A guest's e-mailed link: the token is exchanged for a session, stored like a casual login,
 * and the token leaves the address bar. True while that happens (the login guard waits for it).
 */
export function useGuestAccess(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search);
  const link = LINKS.find((l) => query.get(l.param));
  const token = link ? query.get(link.param) : null;
  const [done, setDone] = useState<string | null>(null);
  const pending = !!token && done !== token;

  useEffect(() => {
    if (!link || !token || done === token) return;
    let cancelled = false;
    const rest = new URLSearchParams(location.search);
    rest.delete(link.param);
    const search = rest.toString();
    void link
      .open(token)
      .catch(() => {
        /* the client alerted why (an expired or unknown link) */
      })
      .finally(() => {
        if (cancelled) return;
        setDone(token);
        void navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [link, token, done, location.pathname, location.search, navigate]);

  return pending;
}
