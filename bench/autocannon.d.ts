/** The part of autocannon's API the benches use (the package ships no types; @types/autocannon is not installed). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
