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

const invalid: Array<[code: string, file: string, message: RegExp]> = [
  [
    "import { memorialKeys } from '@/features/memorials/api/memorials.api';",
    at('features/tributes/components/a.tsx'),
    /^A feature does not import another feature \(tributes → memorials\)/,
  ],
  [
    "import { x } from '../../memorials/lib/format';",
    at('features/tributes/components/a.tsx'),
    /another feature \(tributes → memorials\)/,
  ],
  [
    "import { x } from '../memorials/lib/format';",
    at('features/tributes/tributes-extras.tsx'),
    /another feature \(tributes → memorials\)/,
  ],
  [
    "export { x } from '@/features/auth/api/auth.api';",
    at('features/account/api/a.ts'),
    /another feature \(account → auth\)/,
  ],
  [
    "const m = import('@/features/legacy/components/x');",
    at('features/account/components/a.tsx'),
    /another feature \(account → legacy\)/,
  ],
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
