import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { notify } from '../api';

/** SPEC §2/§5: a view opened without its id alerts and redirects to the search screen. */
export function MissingId({ message, to }: { message: string; to: string }) {
  useEffect(() => {
    notify(message, 'error', { id: `missing-id-${to}` });
  }, [message, to]);
  return <Navigate to={to} replace />;
}
