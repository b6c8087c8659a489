import type { ChartPoint } from '~/contract/statistics';

/**
 * Geometry of the statistics bar charts, drawn as SVG at build (no chart library in a browser): bars
 * of a fixed viewBox that scales to any width, heights proportional to the largest value, the axis
 * top a "nice" round number so the gridlines read as whole figures.
 */

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  label: string;
  value: number;
}

/** The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `value` (0 stays 0). */
export function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/** Vertical bars for `points` in a `width` × `height` plot area, with `gap` between bars. */
export function verticalBars(points: readonly ChartPoint[], width: number, height: number, gap = 6): { bars: Bar[]; top: number } {
  const top = niceCeiling(Math.max(0, ...points.map((point) => point.value)));
  const slot = points.length ? width / points.length : width;
  const bars = points.map((point, index) => {
    const barHeight = top === 0 ? 0 : (point.value / top) * height;
    return {
      x: index * slot + gap / 2,
      y: height - barHeight,
      width: Math.max(1, slot - gap),
      height: barHeight,
      label: point.label,
      value: point.value,
    };
  });
  return { bars, top };
}
