import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  createTheme,
  defaultCssVariablesResolver,
  DEFAULT_THEME,
  mergeMantineTheme,
} from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { lazyMantineDefaults } from './lazy-mantine-defaults';

// The module as installed (Mantine is pinned to one exact version).
const require = createRequire(import.meta.url);
// Its entry is cjs/index.cjs: the package's root is one folder above.
const mantineRoot = path.resolve(path.dirname(require.resolve('@mantine/core')), '..');
const id = path.join(
  mantineRoot,
  'esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
);
const source = readFileSync(id, 'utf8');

type Transform = (
  this: { error(message: string): never },
  code: string,
  id: string,
) => { code: string } | null;

function transform(code: string, file: string) {
  const hook = lazyMantineDefaults().transform as Transform;
  return hook.call(
    {
      error(message: string): never {
        throw new Error(message);
      },
    },
    code,
    file,
  );
}

/** The transformed module run on its own, with its three imports handed in. */
function load(code: string, resolver: typeof defaultCssVariablesResolver) {
  const body = code
    .split('\n')
    .filter((line) => !line.startsWith('import ') && !line.startsWith('export '))
    .join('\n');
  return new Function(
    'keys',
    'DEFAULT_THEME',
    'defaultCssVariablesResolver',
    `${body}\nreturn removeDefaultVariables;`,
  )(Object.keys, DEFAULT_THEME, resolver) as (
    input: ReturnType<typeof defaultCssVariablesResolver>,
  ) => ReturnType<typeof defaultCssVariablesResolver>;
}

describe('lazyMantineDefaults', () => {
  it("computes Mantine's default variables on the first call, not when the module loads", () => {
    const result = transform(source, id);
    expect(result).not.toBeNull();
    const resolver = vi.fn(defaultCssVariablesResolver);
    const removeDefaultVariables = load(result!.code, resolver);
    expect(resolver).not.toHaveBeenCalled();

    const theme = mergeMantineTheme(DEFAULT_THEME, createTheme({ primaryColor: 'teal' }));
    const cleaned = removeDefaultVariables(defaultCssVariablesResolver(theme));
    removeDefaultVariables(defaultCssVariablesResolver(theme));
    expect(resolver).toHaveBeenCalledTimes(1);
    // Only what differs from the defaults is kept, as before.
    expect(cleaned.variables['--mantine-primary-color-filled']).toBe(
      'var(--mantine-color-teal-filled)',
    );
    expect(cleaned.variables['--mantine-scale']).toBeUndefined();
  });

  it('leaves every other module alone', () => {
    expect(
      transform(source, id.replace('remove-default-variables', 'get-merged-variables')),
    ).toBeNull();
  });

  it('fails the build when the module no longer reads as expected', () => {
    const changed = source.replace('defaultCssVariablesResolver(DEFAULT_THEME)', 'defaults()');
    expect(() => transform(changed, id)).toThrow(/no longer computes its defaults/);
  });
});
