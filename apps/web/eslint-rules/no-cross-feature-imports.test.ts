import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noCrossFeatureImports } from './no-cross-feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;

const src = '/repo/apps/web/src';
const at = (file: string) => `${src}/${file}`;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

const valid: Array<[code: string, file: string]> = [
  // A feature uses itself and the shared layer.
  ["import { x } from '../api/memorials.api';", at('features/memorials/components/a.tsx')],
  [
    "import { x } from '@/features/memorials/lib/format';",
    at('features/memorials/components/a.tsx'),
  ],
  ["import { paths } from '@/config/paths';", at('features/tributes/components/a.tsx')],
  ["import { api } from '../../../lib/api-client';", at('features/tributes/api/a.ts')],
  ["import { x } from './sibling';", at('features/tributes/tributes-extras.tsx')],
  ["import type { Flower } from '@rips/shared/tributes';", at('features/tributes/api/a.ts')],
  // app/ composes features; entry points at the root of src/ use anything.
  ["const page = import('@/features/admin/components/admin-page');", at('app/router.tsx')],
  ["import { routes } from './app/router';", at('entry-server.tsx')],
  ["import { q } from './features/memorials/api/memorials.api';", at('entry-server.tsx')],
  // Files outside src/ are not judged.
  ["import x from '../src/features/a/b';", '/repo/apps/web/vite-plugins/a.ts'],
];

/** `code` written in a file of the feature `from` (a component unless `file` says): refused. */
const crossing = (
  from: string,
  to: string,
  code: string,
  file = `features/${from}/components/a.tsx`,
) =>
  [
    code,
    at(file),
    new RegExp(`^A feature does not import another feature \\(${from} → ${to}\\)`),
  ] as const;

const invalid: Array<readonly [code: string, file: string, message: RegExp]> = [
  crossing(
    'tributes',
    'memorials',
    "import { memorialKeys } from '@/features/memorials/api/memorials.api';",
  ),
  crossing('tributes', 'memorials', "import { x } from '../../memorials/lib/format';"),
  crossing(
    'tributes',
    'memorials',
    "import { x } from '../memorials/lib/format';",
    'features/tributes/tributes-extras.tsx',
  ),
  crossing(
    'account',
    'auth',
    "export { x } from '@/features/auth/api/auth.api';",
    'features/account/api/a.ts',
  ),
  crossing('account', 'legacy', "const m = import('@/features/legacy/components/x');"),
  ["import { routes } from '@/app/router';", at('features/home/components/a.tsx'), /from app\//],
  [
    "import { useLogout } from '@/features/auth/api/use-logout';",
    at('components/header.tsx'),
    /import neither features nor app\//,
  ],
  [
    "import { x } from '../features/auth/api/auth.api';",
    at('lib/session.ts'),
    /import neither features nor app\//,
  ],
];

tester.run('no-cross-feature-imports', noCrossFeatureImports, {
  valid: valid.map(([code, filename]) => ({ code, filename, options: [{ src }] })),
  invalid: invalid.map(([code, filename, message]) => ({
    code,
    filename,
    options: [{ src }],
    errors: [{ message }],
  })),
});
