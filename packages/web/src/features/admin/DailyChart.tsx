import type { DailySeries } from '@tertulia/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount, useI18n } from '../../i18n/i18n';
import styles from './Admin.module.css';
import './texts';

const HEIGHT = 140;
const COUNT_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 1e7,
];

/** The page's colours, read once per chart so the canvas follows the light or dark theme. */
function themeColours(el: Element) {
  const css = getComputedStyle(el);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    line: read('--accent', '#c2410c'),
    text: read('--text-muted', '#555'),
    grid: read('--border', '#ddd'),
  };
}

/**
 * One metric over the last days, drawn with uPlot (a small canvas chart library). This module
 * is only imported by the dashboard's route chunk, so no member's first page loads it.
 */
export function DailyChart({ series }: { series: DailySeries }) {
  const { t, locale } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const label = t(`admin.metric.${series.metric}` as 'admin.metric.signups');
  const values = series.points.map((p) => p.value);
  const total = values.reduce((a, b) => a + b, 0);
  const today = values.at(-1) ?? 0;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const colours = themeColours(el);
    const xs = series.points.map((p) => Date.parse(`${p.day}T00:00:00Z`) / 1000);
    const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { show: false } };
    const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const chart = new uPlot(
      {
        width: el.clientWidth || 300,
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            ...axis,
            size: 28,
            values: (_u, ticks) => ticks.map((s) => dayFormat.format(new Date(s * 1000))),
          },
          // Counts: whole-number steps only (no "0,5 altas").
          {
            ...axis,
            size: 44,
            incrs: COUNT_STEPS,
            values: (_u, ticks) => ticks.map((v) => formatCount(v, locale)),
          },
        ],
        series: [
          {},
          { label, stroke: colours.line, width: 2, fill: `${colours.line}22`, points: { show: false } },
        ],
      },
      [xs, series.points.map((p) => p.value)],
      el,
    );
    // The card's width follows the screen (one column on a phone, two on a desktop).
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, label, locale]);

  return (
    <figure className={styles.chart} data-testid={`chart-${series.metric}`}>
      <figcaption className={styles.chartCaption}>
        <span className={styles.chartTitle}>{label}</span>
        <span className={styles.chartSummary}>
          {t('admin.chartSummary', { today, total, days: series.points.length })}
        </span>
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-label={t('admin.chartLabel', { metric: label, today, total, days: series.points.length })}
        className={styles.chartCanvas}
      />
    </figure>
  );
}
