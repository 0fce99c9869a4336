import type { Metafile } from 'esbuild';

export function bundleServer(outdir: string, entryPoints: Record<string, string>): Promise<Metafile>;
