import { contactOf, paths } from '../../src/app/paths';

describe('where the Contact link leads', () => {
  test('a visitor goes to the public contact form, workers and estates to their own route', () => {
    expect(contactOf(null)).toBe(paths.contact);
    expect(contactOf('Worker')).toBe('/worker/contact');
    expect(contactOf('Estate')).toBe('/estate/contact');
  });

  test('an admin, who reads the messages, gets no link', () => {
    expect(contactOf('Admin')).toBeNull();
  });
});
