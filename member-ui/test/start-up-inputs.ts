import * as esbuild from 'esbuild';
import os from 'node:os';
import path from 'node:path';

/**
 * What loading `entry` evaluates at once, and what the build still holds apart (behind a dynamic import): the input
 * files of the entry's output with everything it imports statically, and those of every other output. Bundled as
 * the app is (esbuild, code splitting), not written.
 */
export async function startUpInputs(entry: string): Promise<{ startUp: string[]; apart: string[] }> {
  const built = await esbuild.build({
    entryPoints: [entry],
    outdir: path.join(os.tmpdir(), 'saathi-start-up-inputs'),
    bundle: true,
    splitting: true,
    format: 'esm',
    jsx: 'automatic',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = built.metafile.outputs;
  const first = Object.keys(outputs).find((file) => outputs[file].entryPoint);
  if (!first) throw new Error(`no output for ${entry}`);
  const closure = new Set<string>();
  const visit = (file: string) => {
    if (closure.has(file)) return;
    closure.add(file);
    for (const imp of outputs[file].imports) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(first);
  const inputsOf = (files: string[]) => files.flatMap((file) => Object.keys(outputs[file].inputs));
  return { startUp: inputsOf([...closure]), apart: inputsOf(Object.keys(outputs).filter((file) => !closure.has(file))) };
}
