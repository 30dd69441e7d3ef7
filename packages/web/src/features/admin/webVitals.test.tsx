// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { api, type WebVitalP75 } from '@tertulia/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query';
import { setLocale } from '../../i18n/i18n';
import { fakeApi } from '../../testing/renderApp';
import { formatVital, ratingOf, WebVitals } from './WebVitals';

const rows: WebVitalP75[] = [
  { page: '/html/login.jsp', metric: 'LCP', p75: 1800, samples: 12 },
  { page: '/html/index.jsp', metric: 'CLS', p75: 0.31, samples: 40 },
  { page: '/html/index.jsp', metric: 'INP', p75: 240, samples: 35 },
  { page: '/html/index.jsp', metric: 'LCP', p75: 2600, samples: 40 },
];

function show(answer: WebVitalP75[]) {
  const calls = fakeApi({
    [api.admin.getWebVitals.path]: () => ({ status: 200, body: { WebVitalP75: answer } }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WebVitals />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLocale('es');
});

describe('admin Core Web Vitals table', () => {
  it('shows the p75 of each vital per page, busiest page first, with its rating in words', async () => {
    const calls = show(rows);
    const table = await screen.findByTestId('web-vitals');
    expect(calls[0].url.searchParams.get('days')).toBe('30');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Página', 'LCP', 'INP', 'CLS', 'Muestras']);
    const [home, login] = within(table).getAllByRole('row').slice(1);
    expect(
      within(home)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2,6 s (mejorable)', '240 ms (mejorable)', '0,31 (mal)', '40']);
    expect(within(home).getByRole('rowheader').textContent).toBe('/html/index.jsp');
    expect(
      within(login)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,8 s (bien)', 'sin datos', 'sin datos', '12']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Core Web Vitals por página (percentil 75, últimos 30 días)',
    );
  });

  it('says so when nothing was measured, in the member’s language', async () => {
    await setLocale('en');
    show([]);
    expect(await screen.findByText('No measurements yet.')).toBeTruthy();
    expect(screen.queryByTestId('web-vitals')).toBeNull();
  });

  it('rates with the published thresholds', () => {
    expect([ratingOf('LCP', 2500), ratingOf('LCP', 2501), ratingOf('LCP', 4001)]).toEqual([
      'good',
      'needsImprovement',
      'poor',
    ]);
    expect([ratingOf('INP', 200), ratingOf('INP', 500), ratingOf('CLS', 0.26)]).toEqual([
      'good',
      'needsImprovement',
      'poor',
    ]);
    expect(formatVital('INP', 1234.4)).toBe('1234 ms');
  });
});
