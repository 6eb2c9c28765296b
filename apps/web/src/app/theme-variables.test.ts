import { describe, expect, it } from 'vitest';
import { themeVariablesCss } from './theme-variables';

describe('theme variables stylesheet', () => {
  it('matches the theme (regenerate with `npx vitest run apps/web -u`)', async () => {
    const css = themeVariablesCss();
    // The palette of theme.ts, and the page background of its resolver, are in it.
    expect(css).toContain('--mantine-color-sage-7: #486054;');
    expect(css).toContain('--mantine-color-body: #faf8f5;');
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-sage-filled);');
    await expect(css).toMatchFileSnapshot('../styles/theme-variables.css');
  });
});
