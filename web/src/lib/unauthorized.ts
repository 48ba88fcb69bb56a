/**
 * Where a 401 (or a logout) sends the user. A tiny module of its own, so the router can register
 * its navigation without pulling the API layer into the home page's bundle.
 */
let navigateToLogin: () => void = () => {
  if (typeof window !== 'undefined') window.location.assign('/login');
};

export function setUnauthorizedNavigation(handler: () => void): void {
  navigateToLogin = handler;
}

export function goToLogin(): void {
  navigateToLogin();
}

let holds = 0;
let heldEnd: (() => void) | null = null;

/**
 * A 401 on a call that carried a token, or the live channel closed for an ended session: `end` clears
 * the session and goes to /login — at once, or once a held call (below) has answered.
 */
export function endSession(end: () => void): void {
  if (holds > 0) heldEnd = end;
  else end();
}

/**
 * Runs a call that itself ends the session (a password change revokes every token): the server's
 * reaction to it (the live channel closing, another call's 401) must not reset the API state and
 * abort the call before its own answer arrives. Any session end that came meanwhile runs afterwards.
 */
export async function holdSessionEnd<T>(call: Promise<T>): Promise<T> {
  holds++;
  try {
    return await call;
  } finally {
    holds--;
    const end = holds === 0 ? heldEnd : null;
    if (end) {
      heldEnd = null;
      end();
    }
  }
}
