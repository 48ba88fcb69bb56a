import { endSession, holdSessionEnd } from '../../src/lib/unauthorized';

describe('ending the session while a call that ends it is held', () => {
  test('without a held call the session ends at once', () => {
    const end = jest.fn();
    endSession(end);
    expect(end).toHaveBeenCalledTimes(1);
  });

  test('a session end that comes while the password change is in flight waits for its answer', async () => {
    const order: string[] = [];
    let answer!: (value: { data: string }) => void;
    const change = new Promise<{ data: string }>((resolve) => (answer = resolve));
    const held = holdSessionEnd(change).then((result) => {
      order.push(`answered ${result.data}`);
      return result;
    });
    endSession(() => order.push('live channel closed: session ended'));
    endSession(() => order.push('a 401: session ended'));
    expect(order).toEqual([]);
    answer({ data: 'ok' });
    await expect(held).resolves.toEqual({ data: 'ok' });
    expect(order).toEqual(['a 401: session ended', 'answered ok']); // the last end runs once, before the page goes on
  });

  test('a failed call lets a held session end run too', async () => {
    const end = jest.fn();
    const failed = holdSessionEnd(Promise.reject(new Error('network')));
    endSession(end);
    await expect(failed).rejects.toThrow('network');
    expect(end).toHaveBeenCalledTimes(1);
    endSession(end);
    expect(end).toHaveBeenCalledTimes(2); // nothing is held any more
  });
});
