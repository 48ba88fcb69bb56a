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
