/** The part of autocannon's programmatic API that bench/vs-json-server.ts uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(opts: { url: string; connections?: number; duration?: number; headers?: Record<string, string> }): Promise<Result>;
  export default autocannon;
}
