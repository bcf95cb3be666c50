// fontkit (pdfkit's font engine) ships no types: the one call Saathi makes, to ask which script a face covers.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
