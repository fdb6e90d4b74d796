// Preloaded into a process a test starts (NODE_OPTIONS=--require <this file>): when the process
// exits, the files of every CommonJS module it loaded are written to LOADED_MODULES_FILE, one per
// line (apps/api/test/lean-api.test.ts).
const fs = require('node:fs');

process.on('exit', () => {
  fs.writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(require.cache).join('\n'));
});
