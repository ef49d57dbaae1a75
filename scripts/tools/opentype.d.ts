/** The little of opentype.js (which ships no types) that make-watermark-glyphs.ts uses. */
declare module 'opentype.js' {
  namespace opentype {
    interface BoundingBox {
      x1: number;
      y1: number;
      x2: number;
      y2: number;
    }
    interface Path {
      getBoundingBox(): BoundingBox;
      toPathData(options: { decimalPlaces?: number; flipY?: boolean; optimize?: boolean }): string;
    }
    interface Glyph {
      index: number;
      unicode?: number;
      advanceWidth?: number;
      getPath(x: number, y: number, fontSize: number): Path;
    }
    type KerningLookups = unknown;
    interface Font {
      unitsPerEm: number;
      ascender: number;
      descender: number;
      charToGlyph(char: string): Glyph;
      getKerningValue(left: Glyph, right: Glyph): number;
      position: {
        getKerningTables(script: string, language?: string): KerningLookups | undefined;
        getKerningValue(lookups: KerningLookups, leftIndex: number, rightIndex: number): number;
      };
    }
    function parse(buffer: ArrayBuffer): Font;
  }
  export = opentype;
}
