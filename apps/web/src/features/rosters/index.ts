// The rosters feature is reached only through its pages, which app/route-tables/rosters.tsx loads lazily one by one
// (each its own chunk): upload/, reconcile/, apply/ and rollback/ hold the use cases. Nothing else uses it.
export {};
