import { useEffect, useRef } from 'react';
import type { Charger } from '@voltpark/contract';
import { useNavigate } from 'react-router';
import { useSession } from '@/shared/session';
import { CasualCharging } from './CasualCharging';
import { ChargeWizard } from './ChargeWizard';

/**
 * The start part of the charger view for a charger that can start: the wizard for a logged-in
 * driver, the casual panels for a visitor or a user with casualCharge (SPEC §4). A registered
 * driver who logs out here is sent to the login (SPEC §2 Charger view).
 */
export function ChargeStart({
  charger,
  parkCode = null,
}: {
  charger: Charger;
  /** The charge code of the driver's running parking at this location, to fill in. */
  parkCode?: string | null;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const casual = !session.loggedIn || !!session.user?.casualCharge || !!session.user?.casualUser;
  const wasDriver = useRef(false);
  useEffect(() => {
    if (session.loggedIn && session.user && !casual) wasDriver.current = true;
    else if (!session.loggedIn && wasDriver.current) {
      wasDriver.current = false;
      void navigate('/login', { state: { from: `/charger/${charger.id}` } });
    }
  }, [session.loggedIn, session.user, casual, navigate, charger.id]);
  if (session.loggedIn && !session.user) return null; // the user is still loading
  return casual ? (
    <CasualCharging charger={charger} />
  ) : (
    <ChargeWizard charger={charger} parkCode={parkCode} />
  );
}
