import { sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7's package.json sends every bundler to its development build, whose developer
 * warnings (ENABLE_DEV_WARNINGS) and their texts then ship to production (remix-run/react-router
 * issues #12532, #14102). The package carries the production build beside it, file for file: this
 * resolves `react-router` and `react-router/dom` there when building (their chunks import each
 * other relatively, so nothing of the development build is left). The dev server keeps the warnings.
 */
export function reactRouterProduction(): Plugin {
  const development = `${sep}react-router${sep}dist${sep}development${sep}`;
  const production = `${sep}react-router${sep}dist${sep}production${sep}`;
  return {
    name: 'tertulia-react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(development)) return resolved;
      return { ...resolved, id: resolved.id.replace(development, production) };
    },
  };
}
