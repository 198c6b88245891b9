// oidc-provider ships its in-memory storage as a module of its own, without types (its package has no exports
// map, so the path is importable). Declared here with the types @types/oidc-provider gives adapters.
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { AdapterFactory } from 'oidc-provider';
  export function createMemoryAdapter(clockTolerance?: number): AdapterFactory;
}
