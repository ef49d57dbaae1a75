/** Header sign-out: leaves for home, ends the session, resets the visitor values, and says so. */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { signOut } from '../../lib/auth/auth-session';

export function useSignOut() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    // Leave first (synchronously), so a signed-in-only page does not see the sign-out and send
    // the parent to /auth instead of home.
    navigate('/', { flushSync: true });
    // signOut() always clears this browser's session; only the token revocation can fail.
    await signOut().catch(() => undefined);
    setPending(false);
    // Loaded, not imported: the header is on the landing page, the list of messages is not.
    await import('@shared/messages').then(
      ({ messages }) => toast.success(messages.signedOut, { id: 'signed-out' }),
      () => undefined, // Offline: signed out all the same, without the toast.
    );
  };
  return { signOut: run, pending };
}
