import type { Plugin } from 'vite';

/** The module of @mantine/core whose load computes every default CSS variable. */
const MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]remove-default-variables\.mjs$/;
const EAGER = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const HEAD = 'function removeDefaultVariables(input) {';

/**
 * Mantine computes its default theme's CSS variables when `remove-default-variables` loads, for
 * a function only `<MantineCssVariables>` calls. This site never renders that (the variables are
 * in the stylesheet, `withCssVariables={false}`), yet the module loads with the provider: in a
 * profile of the memorial page at a 4× CPU slowdown the computation was 60 ms of the 141 ms task
 * that starts the app. The plugin makes it happen on the function's first call instead (decision
 * 0130).
 * The build fails if the module no longer reads as expected, so an upgrade of Mantine that
 * changes it is noticed, not silently left eager.
 */
export function lazyMantineDefaults(): Plugin {
  let seen = false;
  return {
    name: 'rips:lazy-mantine-defaults',
    apply: 'build',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      if (!code.includes(EAGER) || !code.includes(HEAD)) {
        this.error(
          `${id} no longer computes its defaults as expected: review vite-plugins/lazy-mantine-defaults.ts`,
        );
      }
      seen = true;
      return {
        code: code
          .replace(EAGER, 'let lazyDefaults;')
          .replace(
            HEAD,
            `${HEAD}\n\tconst defaultCssVariables = (lazyDefaults ??= defaultCssVariablesResolver(DEFAULT_THEME));`,
          ),
        map: null,
      };
    },
    buildEnd(error) {
      // The client build must meet the module: if Mantine moved or renamed it, the computation
      // may still run eagerly elsewhere, so the build stops for a review of this plugin.
      if (!error && !seen && this.environment.config.consumer === 'client') {
        this.error('@mantine/core remove-default-variables.mjs was not met: review the plugin');
      }
    },
  };
}
