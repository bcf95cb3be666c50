// Stylesheets are bundled by esbuild; importing one only has a side effect.
declare module '*.css';
