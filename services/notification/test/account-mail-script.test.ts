import { accountMail } from '../src/send-account-mail/account-mail-templates';

const facts = {
  email: 'milena@example.com',
  link: 'https://moba.test/confirm-email?token=abc',
  expiresAt: '2026-11-23T10:00:00.000Z',
};

describe('account mails are written in the recipient script', () => {
  test('a Cyrillic reader gets a Cyrillic mail, with her Latin-typed name in Cyrillic', () => {
    const mail = accountMail('verifyEmail', { ...facts, fullName: 'Milena Petrović', language: 'sr-Cyrl' });
    expect(mail.subject).toBe('Потврдите вашу имејл адресу — Моба');
    expect(mail.text).toContain('Здраво Милена Петровић,');
    expect(mail.text.replace(facts.link, '')).not.toMatch(/\p{Script=Latin}/u);
    expect(mail.text).toContain(facts.link);
    expect(mail.html).toContain('<html lang="sr-Cyrl">');
    expect(mail.html).toContain(`href="${facts.link}"`);
  });

  test('a Latin reader whose name was typed in Cyrillic reads it in Latin ("Zdravo Милена" never happens)', () => {
    const mail = accountMail('resetPassword', { ...facts, fullName: 'Милена Петровић', language: 'sr' });
    expect(mail.text).toContain('Zdravo Milena Petrović,');
    expect(mail.html).toContain('Zdravo Milena Petrović,');
    expect(mail.text).not.toMatch(/\p{Script=Cyrillic}/u);
  });

  test('an English reader reads the name in Latin', () => {
    const mail = accountMail('verifyEmail', { ...facts, fullName: 'Милена', language: 'en' });
    expect(mail.text).toContain('Hello Milena,');
  });
});
