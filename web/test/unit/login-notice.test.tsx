import { act, render, screen } from '@testing-library/react';
import {
  clearLoginNotice,
  readLoginNotice,
  setLoginNotice,
  useLoginNotice,
} from '../../src/lib/login-notice';

function Notice() {
  return <p data-testid="notice">{useLoginNotice() ?? 'none'}</p>;
}

afterEach(() => clearLoginNotice());

describe('the login page notice', () => {
  test('a notice set after the login page is already showing still appears (a 401 got there first)', () => {
    render(<Notice />);
    expect(screen.getByTestId('notice').textContent).toBe('none');
    act(() => setLoginNotice('passwordChanged'));
    expect(screen.getByTestId('notice').textContent).toBe('passwordChanged');
  });

  test('it survives a remount, and goes away after the next login', () => {
    setLoginNotice('passwordChanged');
    const first = render(<Notice />);
    first.unmount();
    render(<Notice />);
    expect(screen.getByTestId('notice').textContent).toBe('passwordChanged');
    act(() => clearLoginNotice());
    expect(screen.getByTestId('notice').textContent).toBe('none');
  });

  test('it expires after thirty seconds', () => {
    setLoginNotice('passwordChanged', 1_000);
    expect(readLoginNotice(30_999)).toBe('passwordChanged');
    expect(readLoginNotice(31_000)).toBeNull();
  });
});
