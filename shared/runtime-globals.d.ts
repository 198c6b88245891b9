// The few globals shared/ uses. shared/ runs in the renderer (browser) and in Node, so
// tsconfig.shared.json gives it neither the DOM lib nor @types/node: only these, which both runtimes
// have with these members (WHATWG URL and Encoding, atob), may be used. The renderer and Node programs
// do not include this file; there the DOM lib or @types/node declares them in full.
// Add a member only when shared/ needs it and both runtimes have it.

declare class URL {
  constructor(url: string);
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

declare function atob(data: string): string;
