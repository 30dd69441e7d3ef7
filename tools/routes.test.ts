import fs from 'node:fs';
import { allEndpoints } from '@tertulia/contract';
import { describe, expect, it } from 'vitest';
import { boundRoutes, ROUTES_DOC, routeTable } from './routes';

describe('route table', () => {
  it('names, for every contract URL, the feature file that binds it, and docs/routes.md is current', async () => {
    const routes = await boundRoutes();
    expect(routes.map((r) => r.endpoint.path).sort()).toEqual(allEndpoints.map((e) => e.path).sort());
    for (const route of routes) expect(route.source).toMatch(/^features\/[\w-]+\/([\w-]+\/)?[\w.-]+\.ts$/);
    // Compared as Biome formats Markdown tables (padded cells), so `npm run format` keeps it current.
    const cells = (text: string) =>
      text
        .replace(/ *\| */g, '|')
        .replace(/-{3,}/g, '---')
        .trim();
    expect(cells(fs.readFileSync(ROUTES_DOC, 'utf8')), 'run `npm run routes`').toBe(
      cells(routeTable(routes)),
    );
  });
});
