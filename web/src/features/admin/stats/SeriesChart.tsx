/** A small chart of per-day series in plain SVG (no chart library: the admin bundle stays small). */
export interface Series {
  id: string;
  label: string;
  values: (number | null)[];
}

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 40, right: 8, top: 8, bottom: 22 };

/** The top of the value axis: the largest value rounded up to a readable step (1, 2, 5 × 10^n). */
export function axisMax(values: (number | null)[]): number {
  const max = Math.max(0, ...values.filter((v): v is number => v !== null));
  if (max === 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= max)!;
  return step * magnitude;
}

/**
 * The value axis: bottom, middle and top; a chart of counts leaves out a middle that is no whole
 * number (there is no half a person).
 */
export const axisTicks = (top: number, counts: boolean) =>
  [0, top / 2, top].filter((v) => !counts || Number.isInteger(v));

/** An axis value: its ticks are 1, 2 or 5 × 10^n, halved at most, so two digits show each exactly. */
export const axisLabel = (value: number) => String(Number(value.toPrecision(2)));

export function SeriesChart({
  title,
  days,
  series,
  kind,
  counts = false,
  testId,
}: {
  title: string;
  days: string[];
  series: Series[];
  kind: 'bars' | 'lines';
  /** Whole numbers (people, applications): whole ticks only. */
  counts?: boolean;
  testId: string;
}) {
  const top = axisMax(series.flatMap((s) => s.values));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  return (
    <figure className="series-chart" data-testid={testId}>
      <figcaption>
        {title}
        <span className="chart-legend">
          {series.map((s) => (
            <span key={s.id} className={`legend-item series-${s.id}`}>
              {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} preserveAspectRatio="none">
        {axisTicks(top, counts).map((tick) => (
          <g key={tick}>
            <line className="grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className="axis" x={PAD.left - 4} y={y(tick) + 4} textAnchor="end">
              {axisLabel(tick)}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d} className="axis" x={x(i)} y={HEIGHT - 6} textAnchor="middle">
              {d.slice(8, 10)}.{d.slice(5, 7)}.
            </text>
          ) : null,
        )}
        {kind === 'bars'
          ? series.map((s, si) =>
              s.values.map((v, i) =>
                v ? (
                  <rect
                    key={`${s.id}-${days[i]}`}
                    className={`series-${s.id}`}
                    x={PAD.left + slot * i + (slot / series.length) * si + slot * 0.1}
                    width={Math.max(1, (slot * 0.8) / series.length)}
                    y={y(v)}
                    height={plotH + PAD.top - y(v)}
                  />
                ) : null,
              ),
            )
          : series.map((s) => (
              <g key={s.id} className={`series-${s.id}`}>
                <polyline
                  fill="none"
                  points={s.values
                    .map((v, i) => (v === null ? null : `${x(i)},${y(v)}`))
                    .filter(Boolean)
                    .join(' ')}
                />
                {s.values.map((v, i) =>
                  v === null ? null : <circle key={days[i]} cx={x(i)} cy={y(v)} r={3} />,
                )}
              </g>
            ))}
      </svg>
    </figure>
  );
}
