// Stylesheets are bundled by esbuild; importing one has only a side effect.
declare module '*.css';
