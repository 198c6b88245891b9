// The part of papaparse's API the renderer uses, for the renderer's typecheck only (tsconfig.renderer.json
// maps 'papaparse' here). @types/papaparse starts with `/// <reference types="node" />` for its Node
// stream API, which would bring every Node global into the renderer program, where none may be used.
// Signatures follow @types/papaparse 5.5; the other programs (tests) still check against @types/papaparse.

export interface ParseConfig {
  delimiter?: string;
  skipEmptyLines?: boolean | 'greedy';
}

export interface ParseError {
  type: 'Quotes' | 'Delimiter' | 'FieldMismatch';
  code: 'MissingQuotes' | 'UndetectableDelimiter' | 'TooFewFields' | 'TooManyFields' | 'InvalidQuotes';
  message: string;
  row?: number;
  index?: number;
}

export interface ParseResult<T> {
  data: T[];
  errors: ParseError[];
}

export function parse<T>(csvString: string, config?: ParseConfig): ParseResult<T>;
