// heic-decode ships no types: the one call Saathi makes.
declare module 'heic-decode' {
  export default function decode(input: { buffer: Buffer | Uint8Array | ArrayBuffer }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
