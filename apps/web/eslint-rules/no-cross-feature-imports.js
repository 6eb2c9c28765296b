import path from 'node:path';

/*
 * The web app's layers, as bulletproof-react draws them: `app/` composes features; a feature
 * (`features/<name>/`) uses only itself and the shared layer (`components/`, `lib/`, `config/`);
 * the shared layer uses neither features nor `app/`. Files at the root of `src/` are entry points
 * and may use anything. Both `@/…` and relative imports are resolved before they are judged, so
 * `../../tributes/api/x` is caught as surely as `@/features/tributes/api/x`.
 */

const SHARED = new Set(['components', 'lib', 'config', 'styles']);

/** Where a file under `src` belongs: `feature:<name>`, `app`, `shared`, or `root`. */
function layerOf(src, file) {
  const relative = path.relative(src, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second] = relative.split(path.sep);
  if (top === 'features' && second) return `feature:${second}`;
  if (top === 'app') return 'app';
  if (top && SHARED.has(top)) return 'shared';
  return 'root';
}

function resolveImport(src, file, source) {
  if (source.startsWith('@/')) return path.join(src, source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  return null;
}

function problem(from, to) {
  if (from === 'root' || from === to) return null;
  if (from.startsWith('feature:') && to.startsWith('feature:')) {
    return `A feature does not import another feature (${from.slice(8)} → ${to.slice(8)}): move what both need to components/, lib/ or config/, or compose them in app/.`;
  }
  if (from.startsWith('feature:') && to === 'app') {
    return 'A feature does not import from app/: app/ composes the features.';
  }
  if (from === 'shared' && (to === 'app' || to.startsWith('feature:'))) {
    return 'components/, lib/ and config/ are shared by every feature and import neither features nor app/.';
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Keeps web features independent of each other (bulletproof-react layers).',
    },
    schema: [
      {
        type: 'object',
        properties: { src: { type: 'string' } },
        required: ['src'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const src = context.options[0].src;
    const file = context.filename;
    const from = layerOf(src, file);
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveImport(src, file, source.value);
      const to = target && layerOf(src, target);
      const message = to && problem(from, to);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
