import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const layer = (css: string, name: string) => Number(new RegExp(`--z-${name}:\\s*(\\d+)`).exec(css)?.[1]);

describe('toast stacking', () => {
  it('toasts sit under the header, the dropdowns, the sheets and the dialogs', () => {
    const theme = read('../../app/theme.css');
    const toast = layer(theme, 'toast');
    for (const above of ['header', 'popup', 'sheet', 'dialog'])
      expect(toast, above).toBeLessThan(layer(theme, above));
  });

  it('toasts show at the bottom, clear of the phone bar, away from the header dropdowns', () => {
    const css = read('./Toaster.module.css');
    const region = /\.region\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(region).toContain('z-index: var(--z-toast)');
    expect(region).toMatch(/inset-block-end: calc\(var\(--bottom-nav-space, 0px\)/);
    expect(region).not.toContain('inset-block-start');
  });
});
