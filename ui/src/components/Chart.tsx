import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Series {
  label: string;
  values: number[];
  color: string;
}

interface ChartProps {
  /** What the chart shows (its accessible name and the caption of its table). */
  title: string;
  /** One label per point on the x axis. */
  labels: string[];
  series: Series[];
  kind: 'bar' | 'line';
}

/**
 * A bar or line chart (uPlot, drawn on a canvas) with the same numbers as a table under it:
 * screen readers and tests read the table, people look at the chart.
 */
export function Chart({ title, labels, series, kind }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = labels.map((_, i) => i);
    const bars = uPlot.paths.bars!({ size: [0.6 / Math.max(series.length, 1), 48] });
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 240),
        height: 260,
        legend: { show: series.length > 1, live: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
        axes: [
          // Long labels (statuses) slant so that they do not run into each other.
          { values: (_u, splits) => splits.map((s) => labels[s] ?? ''), splits: () => xs, gap: 4, rotate: -40, size: 115 },
          { values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            fill: kind === 'bar' ? s.color : undefined,
            width: kind === 'bar' ? 0 : 2,
            paths: kind === 'bar' ? bars : undefined,
            points: { show: kind === 'line' },
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    return () => plot.destroy();
  }, [labels.join('\u0000'), JSON.stringify(series), kind]);

  return (
    <figure class="chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <div ref={box} class="chart-canvas" aria-hidden="true" />
      <table class="chart-data">
        <thead>
          <tr>
            <th scope="col">{title}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.label}>{s.values[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
