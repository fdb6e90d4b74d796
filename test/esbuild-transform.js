// Jest transformer: TypeScript to CommonJS with esbuild (types are checked by `npm run typecheck`).
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { transformSync, version } = require('esbuild');

// Jest caches transformed files; the key covers the source, the esbuild version and this file.
const self = readFileSync(__filename);

module.exports = {
  getCacheKey(source, filename) {
    return createHash('sha256').update(source).update(filename).update(version).update(self).digest('hex');
  },
  process(source, filename) {
    const result = transformSync(source, {
      loader: filename.endsWith('.ts') ? 'ts' : 'js',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
      sourcefile: filename,
      // Jest's module sandbox cannot run import(); Prisma's generated client uses it for its
      // query compiler, so dynamic imports become require() calls.
      supported: { 'dynamic-import': false },
    });
    return { code: result.code };
  },
};
