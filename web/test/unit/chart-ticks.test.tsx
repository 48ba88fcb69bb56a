/**
 * The admin's daily charts (issue #35 point 8): a chart of counts (people, applications) never has a
 * tick between two whole numbers, and a chart of small hours never shows two ticks with one label.
 */
import { render } from '@testing-library/react';
import { SeriesChart } from '../../src/features/admin/stats/SeriesChart';

const days = ['2027-07-01', '2027-07-02', '2027-07-03'];

function valueTicks(values: (number | null)[], counts: boolean): string[] {
  const { container, unmount } = render(
    <SeriesChart
      title="t"
      testId="chart"
      kind={counts ? 'bars' : 'lines'}
      days={days}
      counts={counts}
      series={[{ id: 's', label: 's', values }]}
    />,
  );
  const ticks = [...container.querySelectorAll('text.axis[text-anchor="end"]')].map((t) => t.textContent!);
  unmount();
  return ticks;
}

test.each([
  [
    [5, 3, 0],
    ['0', '5'],
  ],
  [
    [1, 0, 0],
    ['0', '1'],
  ],
  [
    [0, 0, 0],
    ['0', '1'],
  ],
  [
    [2, 1, 0],
    ['0', '1', '2'],
  ],
  [
    [7, 3, null],
    ['0', '5', '10'],
  ],
])('counts %j: whole ticks only, %j', (values, ticks) => {
  expect(valueTicks(values, true)).toEqual(ticks);
});

test.each([
  [
    [0.1, 0.05, null],
    ['0', '0.05', '0.1'],
  ],
  [
    [2.4, 1, 0.3],
    ['0', '2.5', '5'],
  ],
])('hours %j: every tick its own label, %j', (values, ticks) => {
  expect(valueTicks(values, false)).toEqual(ticks);
});
