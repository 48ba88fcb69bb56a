let sequence = 0;

/**
 * A valid worker sign-up body (spec §2) with a unique e-mail and mobile number: the one place that
 * knows every field of it. Overrides change single fields; tests name only what they care about.
 */
export function validWorkerSignUp(overrides: Record<string, unknown> = {}) {
  const id = `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    email: `worker-${id}@example.rs`,
    password: 'sunce-i-kisa-1',
    confirmPassword: 'sunce-i-kisa-1',
    termsAccepted: true,
    firstName: 'Marko',
    lastName: 'Marković',
    phone: `064${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    phoneCountry: 'RS',
    dateOfBirth: '1990-05-01',
    gender: 'male',
    region: 'RS',
    language: 'sr',
    availabilityMonths: [6, 7, 8],
    municipality: 'Arilje',
    skills: 'berba malina',
    groupLeader: false,
    transportOrganised: false,
    willingToTravel: true,
    ...overrides,
  };
}
