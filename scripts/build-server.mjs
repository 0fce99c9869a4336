// Bundles the server into dist/server (dependencies stay in node_modules) and pre-compresses
// the SPA's assets, so that the server sends brotli or gzip without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { bundleServer } from './server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');

const metafile = await bundleServer(path.join(root, 'dist/server'), {
  main: path.join(root, 'src/server/main.ts'),
  migrate: path.join(root, 'src/server/db/migrate-cli.ts'),
});
// Test support (test/, reached through #test/* or a relative path) never ships: the lint rule keeps it out
// of src/, this refuses a bundle that would carry it anyway (docs/decisions/0110-test-support-root.md).
const testSupport = Object.keys(metafile.inputs).filter((input) => /^test\//.test(path.relative(root, input)));
if (testSupport.length) throw new Error(`The server bundle would include test support: ${testSupport.join(', ')}`);

const webRoot = path.join(root, 'dist/web');
const compressible = /\.(js|css|html|svg|json|txt|webmanifest|xml)$/;
for (const entry of fs.readdirSync(webRoot, { recursive: true })) {
  const file = path.join(webRoot, String(entry));
  if (!compressible.test(file) || !fs.statSync(file).isFile() || fs.statSync(file).size < 512) continue;
  const content = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}
fs.writeFileSync(path.join(root, 'dist/.build-stamp'), new Date().toISOString());
console.log('Built dist/web and dist/server.');
