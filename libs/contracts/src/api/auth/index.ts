/**
 * Request and response schemas of the auth service (spec §3, §5, §7). Every rule of spec §5 that
 * concerns accounts lives here once; the web's forms validate with the same schemas.
 *
 * Composition: the sign-up forms are split into steps on the web, so each step is exported as a plain
 * object of fields (`…Fields`, freely `.extend`/`.pick`-able) and as a checked schema (`…StepSchema`)
 * that adds the cross-field rules (password confirmation, phone for its country, age).
 */
export * from './limits';
export * from './errors';
export * from './rules';
export * from './fields';
export * from './cross-field-checks';
export * from './signup';
export * from './session';
export * from './login-check';
export * from './profiles';
export * from './admin-users';
export * from './token-states';
