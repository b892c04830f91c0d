// node-postgres's own conversion of a parameter to its text form (Date, Buffer, array, JSON), which
// its queries apply at Bind; a pipeline (pg-pipeline.ts) applies it before it writes anything.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
