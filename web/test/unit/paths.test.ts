import { addressInLanguage, contactOf, paths } from '../../src/app/paths';

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

describe('the address of a page in the language a reader picks', () => {
  test('the home page and the harvest calendar change their address with the script', () => {
    expect(addressInLanguage('/sr-Cyrl', 'sr-Latn')).toBe('/');
    expect(addressInLanguage('/', 'sr-Cyrl')).toBe('/sr-Cyrl');
    expect(addressInLanguage('/sr-Cyrl', 'en')).toBe('/en');
    expect(addressInLanguage('/harvest-calendar/en', 'sr-Latn')).toBe('/harvest-calendar');
    expect(addressInLanguage('/harvest-calendar', 'sr-Cyrl')).toBe('/harvest-calendar/sr-Cyrl');
  });

  test('any other page keeps its address', () => {
    for (const page of ['/media', '/login', '/harvest-calendarx', '/en/x', '/worker/home'])
      expect(addressInLanguage(page, 'en')).toBeNull();
  });
});
