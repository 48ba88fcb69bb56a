import { isStaleClaim, placesHeld, CLAIM_STALE_AFTER_MS } from '../src/domain/places';

describe('the places an application should hold', () => {
  test('an accepted application holds exactly its positions, whatever claim is there', () => {
    expect(placesHeld({ status: 'Accepted', positions: 3 }, 6)).toBe(3);
    expect(placesHeld({ status: 'Accepted', positions: 3 }, undefined)).toBe(3);
  });
  test.each(['Rejected', 'Closed'] as const)('a %s application holds none', (status) => {
    expect(placesHeld({ status, positions: 2 }, 2)).toBeUndefined();
  });
  test('a vanished application (a dropped guest placement) holds none', () => {
    expect(placesHeld(null, 1)).toBeUndefined();
  });
  test('a pending one keeps an acceptance in flight, unless that acceptance gave up or is stale', () => {
    expect(placesHeld({ status: 'Pending', positions: 2 }, 2)).toBe(2);
    expect(placesHeld({ status: 'Pending', positions: 2 }, 2, { abandoned: 2 })).toBeUndefined();
    // Another attempt (a part of the crew) resized the claim: giving up the whole crew leaves it be.
    expect(placesHeld({ status: 'Pending', positions: 6 }, 3, { abandoned: 6 })).toBe(3);
    expect(placesHeld({ status: 'Pending', positions: 2 }, 2, { stale: true })).toBeUndefined();
    expect(placesHeld({ status: 'Pending', positions: 2 }, undefined)).toBeUndefined();
  });
  test('a claim is stale once older than any acceptance takes; one without a time is from before the field', () => {
    const now = new Date('2026-07-01T10:00:00Z');
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(isStaleClaim(at(CLAIM_STALE_AFTER_MS - 1000), now)).toBe(false);
    expect(isStaleClaim(at(CLAIM_STALE_AFTER_MS + 1000), now)).toBe(true);
    expect(isStaleClaim(undefined, now)).toBe(true);
  });
});
