import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  deepMerge,
  mergeMantineTheme,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/**
 * The theme's CSS variables (colours, sizes, fonts, radii, shadows), as Mantine's provider would
 * write them into a <style> on every page load. Working them out takes the browser 10 ms or more
 * on a phone, in the middle of the first render, and the answer never changes: so they are
 * written once into styles/theme-variables.css and the provider is told not to
 * (`withCssVariables={false}`). Only the light scheme is kept; the site forces it.
 *
 * `theme-variables.test.ts` fails when the file and the theme disagree; `npx vitest run
 * apps/web -u` writes the file again.
 */
export function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(
    defaultCssVariablesResolver(merged),
    cssVariablesResolver(merged),
  ) as ReturnType<typeof defaultCssVariablesResolver>;
  const css = convertCssVariables({
    variables: variables.variables,
    light: variables.light,
    dark: {},
  }).trim();
  return `/* Generated from src/app/theme.ts by src/app/theme-variables.ts; do not edit. */\n${css.replace(/\n{2,}/g, '\n')}\n`;
}
