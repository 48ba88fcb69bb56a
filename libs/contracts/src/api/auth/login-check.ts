/**
 * The rules of loginSchema (session.ts) in plain code, without zod: the login form checks with these
 * so that the page a worker opens first stays light (issue 21 item 3). The server parses with
 * loginSchema; test/login-check.test.ts proves both find the same first problem with each field.
 */
import { EMAIL_MAX, PASSWORD_MAX } from './limits';

/** A valid e-mail address: accountEmailSchema checks with this same pattern. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** How an e-mail address is stored and compared: trimmed and lower-cased (accountEmailSchema does the same). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface LoginFieldIssue {
  field: 'email' | 'password';
  code: 'required' | 'too_long' | 'invalid_email';
  limit?: number;
}

/** The first problem with each login field, in the form's codes (see errors.ts codeOfIssue). */
export function loginIssues(input: { email: string; password: string }): LoginFieldIssue[] {
  const issues: LoginFieldIssue[] = [];
  const email = input.email.trim();
  if (!email) issues.push({ field: 'email', code: 'required' });
  else if (email.length > EMAIL_MAX) issues.push({ field: 'email', code: 'too_long', limit: EMAIL_MAX });
  else if (!EMAIL_PATTERN.test(normaliseEmail(email))) issues.push({ field: 'email', code: 'invalid_email' });
  if (!input.password) issues.push({ field: 'password', code: 'required' });
  else if (input.password.length > PASSWORD_MAX)
    issues.push({ field: 'password', code: 'too_long', limit: PASSWORD_MAX });
  return issues;
}
