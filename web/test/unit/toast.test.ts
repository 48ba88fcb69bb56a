import { TOAST_MS } from '@moba/contracts/limits';
import { currentToast, showToast, subscribeToast } from '../../src/lib/toast';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a toast shows at once and is gone after 3 s (spec §8), and listeners hear both', () => {
  expect(TOAST_MS).toBe(3000);
  const heard: (string | null)[] = [];
  const stop = subscribeToast(() => heard.push(currentToast()?.text ?? null));
  showToast('Greška');
  expect(currentToast()).toMatchObject({ text: 'Greška', kind: 'error' });
  jest.advanceTimersByTime(TOAST_MS - 1);
  expect(currentToast()).not.toBeNull();
  jest.advanceTimersByTime(1);
  expect(currentToast()).toBeNull();
  expect(heard).toEqual(['Greška', null]);
  stop();
});

test('a second toast replaces the first and gets its own full 3 s', () => {
  showToast('prva', 'info');
  jest.advanceTimersByTime(2000);
  showToast('druga', 'success');
  jest.advanceTimersByTime(2000);
  expect(currentToast()).toMatchObject({ text: 'druga', kind: 'success' });
  jest.advanceTimersByTime(1000);
  expect(currentToast()).toBeNull();
});
