/**
 * Inert stand-in for zod in the browser bundle. The site imports the contract's types, paths and
 * helpers but never validates with its zod schemas (the server does), so the schemas are built from
 * this object instead: every property read, call and `new` returns it again, at no cost. This keeps
 * about 25 KB (gzip) of validation code off the first load. Remove the alias in vite.config.ts if
 * the site ever needs to run a schema.
 */
const inert = new Proxy(function inert() {}, {
  get: (_target, key) => {
    if (key === 'then') return undefined; // never look like a promise
    if (key === Symbol.toPrimitive) return () => '';
    if (key === Symbol.iterator) return function* empty() {};
    return inert;
  },
  apply: () => inert,
  construct: () => inert,
});

export const z = inert;
export default inert;
