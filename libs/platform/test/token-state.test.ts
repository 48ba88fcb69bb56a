import { supersedesTokenState } from '../src';

describe('supersedesTokenState: which token state a replica takes', () => {
  const state = (tokenVersion: number, banned: boolean) => ({ tokenVersion, banned });

  test.each([
    ['the first state heard of a user', state(0, false), undefined, true],
    ['a newer ban', state(2, true), state(1, false), true],
    ['a newer reactivation', state(3, false), state(2, true), true],
    ['a newer password change keeps what it says', state(4, false), state(3, false), true],
    ['the ban heard again after its reactivation', state(2, true), state(3, false), false],
    ['an older password change', state(1, false), state(3, true), false],
    ['the same ban repeated', state(2, true), state(2, true), false],
    [
      'a reactivation that kept its ban’s version (made before reactivations raised it)',
      state(2, false),
      state(2, true),
      true,
    ],
    ['that ban heard again after such a reactivation', state(2, true), state(2, false), false],
  ])('%s', (_label, incoming, held, taken) => {
    expect(supersedesTokenState(incoming, held)).toBe(taken);
  });
});
