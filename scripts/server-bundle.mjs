// The server as esbuild bundles it: into dist/server for production (scripts/build-server.mjs), and
// once per test run for the server processes the tests start (test/support/server/server-bundle.ts),
// so that both run the same code the same way. Dependencies stay in node_modules: a bundle must sit
// inside the project for Node to find them.
import { build } from 'esbuild';

/** Bundles each entry point (name → source file) into `outdir`; answers esbuild's metafile. */
export async function bundleServer(outdir, entryPoints) {
  const { metafile } = await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  });
  return metafile;
}
