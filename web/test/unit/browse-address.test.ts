/**
 * @jest-environment jsdom
 */
import { emptyForm, initialForm, type FilterForm } from '../../src/features/mobas/filters';
import { filtersToSearch } from '../../src/features/mobas/filters-address';

beforeEach(() => localStorage.clear());

test('the filters in effect go to the address and come back the same (a reload, Back)', () => {
  const form: FilterForm = {
    ...emptyForm,
    municipality: 'Bor',
    crop: 'malina',
    minDailyWage: '3000',
    foodProvided: true,
    onlyWithFreePositions: false,
    withinKm: '30',
    sort: 'featured',
  };
  const search = filtersToSearch(form);
  expect(search).toBe(
    '?municipality=Bor&crop=malina&minDailyWage=3000&foodProvided=1&onlyWithFreePositions=0&withinKm=30&sort=featured',
  );
  expect(initialForm(search)).toEqual(form);
});

test('the defaults make no query; blanks are left out', () => {
  expect(filtersToSearch(emptyForm)).toBe('');
  expect(filtersToSearch({ ...emptyForm, municipality: '  ' })).toBe('');
});

test('an address names only known filters, boxes as 1 or 0, and no overlong value', () => {
  expect(initialForm(`?foodProvided=yes&debug=1&municipality=${'x'.repeat(81)}`)).toEqual(emptyForm);
});

test('the remembered place applies unless the address names another', () => {
  localStorage.setItem('browseNear', JSON.stringify({ near: 'Užice', nearRegion: 'RS', sort: '' }));
  expect(initialForm('').near).toBe('Užice');
  expect(initialForm('?near=Arilje').near).toBe('Arilje');
});
