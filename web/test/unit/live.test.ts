import { connectLive } from '../../src/features/notifications/live';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const notification = {
  id: '0b8f7f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  content: { key: 'notification.rateEstate', params: { vacancyTitle: 'Berba malina' } },
  dateSent: '2026-11-22T10:00:00.000Z',
  actionButtonType: 'RateEstate',
  actionButtonParamIds: ['6f1d1c6e-7a9e-4f5e-9a43-3c1f0e0b7d21'],
};

/** Lets the frame checks run (the schema arrives with a dynamic import) while the timers stay fake. */
const settle = () =>
  new Promise((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));

const handlers = () => ({
  onNotification: jest.fn(),
  onCatchUp: jest.fn(),
  onUnauthenticated: jest.fn(),
});

beforeEach(() => {
  FakeSocket.all = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const connect = (h: ReturnType<typeof handlers>, token: string | null = 'tok') =>
  connectLive('user-1', h, {
    getToken: () => token,
    url: 'ws://moba.test/api/ws/user-1',
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    backoffMs: (attempt) => 1000 * 2 ** attempt,
  });

describe('live notification channel', () => {
  test('on open the client greets with its token, and each server frame becomes a notification', async () => {
    const h = handlers();
    connect(h);
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://moba.test/api/ws/user-1');
    socket.open();
    expect(JSON.parse(socket.sent[0]!)).toEqual({ token: 'tok' });
    socket.receive(notification);
    await settle();
    expect(h.onNotification).toHaveBeenCalledWith(expect.objectContaining({ id: notification.id }));
    // What was sent before the socket opened (it opens after the list was fetched) is fetched again.
    expect(h.onCatchUp).toHaveBeenCalledTimes(1);
  });

  test('frames that are not notifications are ignored', async () => {
    const h = handlers();
    connect(h);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.receive('not json');
    FakeSocket.all[0]!.receive({ hello: 'world' });
    await settle();
    expect(h.onNotification).not.toHaveBeenCalled();
  });

  test('a dropped connection reconnects with growing backoff and refetches after it is back', () => {
    const h = handlers();
    connect(h);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop();
    jest.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.drop(); // failed attempt: next wait is 2 s
    jest.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]!.open();
    expect(JSON.parse(FakeSocket.all[2]!.sent[0]!)).toEqual({ token: 'tok' });
    expect(h.onCatchUp).toHaveBeenCalledTimes(2);
    // after a successful open the backoff starts again from 1 s
    FakeSocket.all[2]!.drop();
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  test('a refused token (close 4401 or 4403) stops reconnecting and reports it', () => {
    const h = handlers();
    connect(h);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(4401);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(h.onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(h.onUnauthenticated).toHaveBeenCalledWith('ended');
  });

  test('a close for a ban reports the ban, so the login page can say why', () => {
    const h = handlers();
    connect(h);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(4403);
    expect(h.onUnauthenticated).toHaveBeenCalledWith('banned');
  });

  test('closing stops the socket and any pending reconnect', () => {
    const h = handlers();
    const live = connect(h);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop();
    live.close();
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  test('without a token nothing connects', () => {
    connect(handlers(), null);
    expect(FakeSocket.all).toHaveLength(0);
  });
});
