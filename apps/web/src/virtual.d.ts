declare module 'virtual:voltpark-api-routes' {
  export const apiRoutes: Record<
    string,
    {
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      path: string;
      bodyType?: 'json' | 'form';
      raw?: 'redirect' | 'image' | 'file';
    }
  >;
}

/** Leaflet's ES module build (tree-shakeable); the types are those of the 'leaflet' package. */
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
