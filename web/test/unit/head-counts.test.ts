import { vacancyPhase } from '../../src/lib/vacancy-phase';

describe('one truth for head counts: the phase of a moba agrees with its free places', () => {
  const today = '2026-07-01';
  test('"full" only when no place is free', () => {
    expect(vacancyPhase({ status: 'Closed', startDate: '2026-07-05', freePositions: 0 }, today)).toBe(
      'FullUpcoming',
    );
  });

  test('closed before the start with places free reads "applications closed", not "full"', () => {
    expect(vacancyPhase({ status: 'Closed', startDate: '2026-07-05', freePositions: 2 }, today)).toBe(
      'ClosedUpcoming',
    );
  });

  test('from the first day a closed moba is under way; other statuses read as they are', () => {
    expect(vacancyPhase({ status: 'Closed', startDate: today, freePositions: 2 }, today)).toBe('UnderWay');
    expect(vacancyPhase({ status: 'Open', startDate: '2026-07-05', freePositions: 0 }, today)).toBe('Open');
  });
});
